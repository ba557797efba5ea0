"""manage.py family_twins: each exam family's share of practice twins (issue 21)."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from quiz.families.instances import build_instance
from quiz.families.spec import load_families
from quiz.models import Audience, Scenario, Topic

pytestmark = pytest.mark.django_db

SLUG = "stalemate-restart"


def report(*args: str) -> str:
    out = StringIO()
    call_command("family_twins", *args, stdout=out)
    return out.getvalue()


def practise(case: dict, *, slug: str) -> None:
    topic, _ = Topic.objects.get_or_create(slug="stalemate", defaults={"title": "Stalemate"})
    Scenario.objects.create(
        slug=slug, topic=topic, difficulty=1, ask="calls", published=True,
        audience=Audience.PRACTICE, case={"id": slug, **case}, title="t", narrative="n",
        question="q",
    )  # fmt: skip


def test_without_a_practice_bank_it_says_so():
    with pytest.raises(CommandError, match="load the bank"):
        report(SLUG)


def test_an_unknown_family_is_an_error():
    practise(build_instance(family=_family(), seed=0).case, slug="any")
    with pytest.raises(CommandError, match="no such family: nobody"):
        report("nobody")


def _family():
    return next(family for family in load_families() if family.slug == SLUG)


def test_it_counts_the_instances_that_repeat_a_practice_scenario():
    cases = [build_instance(family=_family(), seed=seed).case for seed in range(4)]
    practise({key: value for key, value in cases[0].items() if key != "id"}, slug="seed-0-twin")
    line = next(text for text in report("--n", "4", SLUG).splitlines() if text.startswith(SLUG))
    count = int(line.split()[1])
    assert 1 <= count <= 4 and "of    4 twins" in line and "seed-0-twin" in line
    assert "seed-0-twin" not in report("--n", "4", "points-after-stroke")
