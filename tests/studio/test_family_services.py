"""The family editor's writes: a family made from a bank scenario, ranges, publishing with
``check_families``'s check and the copy check against practice (issue 21)."""

from __future__ import annotations

from quiz.models import Audience, Family, Scenario
from studio import family_services, services
from studio.models import FamilyDraft

CONTACT = {"state": {"reds": 5, "scores": {"A": 10, "B": 20}},
           "stroke": {"first_contact": ["yellow"], "potted": []}}
FIRST = {"first_contact": {"choice": [["red"], ["yellow"], ["black"], ["blue"]]}}


def exam_family(users, topic, federation, **varied) -> FamilyDraft:
    draft = services.create_draft(user=users["author"], slug="wales-contact", topic=topic,
                                  audience=Audience.EXAM, federation=federation)
    draft = services.save_draft(draft=draft, case=CONTACT, words={}, topic=topic, difficulty=1,
                                ask="penalty", ask_ball="", audience=Audience.EXAM,
                                federation=federation)
    family_draft = family_services.family_from_draft(draft=draft, user=users["author"])
    return family_services.save_ranges(
        family_draft=family_draft, topic=topic, asks=["penalty"], difficulty=1,
        audience="exam", federation=federation, varied={**FIRST, **varied},
    )


def test_a_bank_scenarios_family_starts_from_its_case_without_expect(users, topic):
    scenario = Scenario.objects.create(
        slug="public-contact", topic=topic, ask="penalty", title="x", narrative="x",
        question="x", audience=Audience.PRACTICE,
        case={**services.case_for(case=CONTACT, slug="public-contact"), "ruleset": "wpbsa-2014",
              "expect": {"penalty": 4}},
    )
    family_draft = family_services.family_from_scenario(scenario=scenario, user=users["staff"])
    assert family_draft.spec["case"] == CONTACT
    assert family_draft.spec["ruleset"] == "wpbsa-2014"
    assert family_draft.audience == "practice" and family_draft.federation is None
    assert family_draft.slug == "public-contact-family"
    again = family_services.family_from_scenario(scenario=scenario, user=users["staff"])
    assert again.slug == "public-contact-family-2"


def test_an_exam_family_may_not_repeat_a_practice_situation(users, topic, federations):
    family_draft = exam_family(users, topic, federations[0])
    Scenario.objects.create(
        slug="public-contact", topic=topic, ask="penalty", title="x", narrative="x",
        question="x", audience=Audience.PRACTICE, published=True,
        case=services.case_for(case=CONTACT, slug="public-contact"),
    )
    problems = family_services.publish_family(family_draft=family_draft)
    assert any("must not be a practice situation" in problem for problem in problems)
    assert any("public-contact" in problem for problem in problems)
    assert not Family.objects.exists()


def test_publishing_twice_updates_the_same_family(users, topic, federations):
    family_draft = exam_family(users, topic, federations[0],
                               reds={"range": [1, 15]}, score_a={"range": [0, 60]})
    assert family_services.publish_family(family_draft=family_draft) == []
    family_services.save_ranges(
        family_draft=family_draft, topic=topic, asks=["penalty"], difficulty=2,
        audience="exam", federation=federations[0],
        varied={**FIRST, "reds": {"range": [2, 9]}, "score_a": {"range": [0, 60]}},
    )
    assert family_services.publish_family(family_draft=family_draft) == []
    family = Family.objects.get()
    assert family.difficulty == 2
    assert family.spec["parameters"]["reds"] == {"range": [2, 9]}
    assert family.federation == federations[0]
