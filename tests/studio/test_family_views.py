"""The family editor (issue 21): a scenario turned into a family, ranges saved, the JSON
checked, twenty instances previewed with the check's summary, publishing, and who may."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from quiz.families.spec import Family as FamilySpec
from quiz.models import Audience, Family
from studio import family_facts, services
from studio.models import FamilyDraft
from tests.studio.conftest import words

#: Five reds, a red or a colour struck first: the penalty (0, 4 … 7) is the engine's.
CONTACT = {"state": {"reds": 5, "scores": {"A": 10, "B": 20}},
           "stroke": {"first_contact": ["yellow"], "potted": []}}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def penalty_draft(users, topic, federations):
    made = services.create_draft(user=users["author"], slug="wales-contact", topic=topic,
                                 audience=Audience.EXAM, federation=federations[0])
    return services.save_draft(
        draft=made, case=CONTACT, words=words(), topic=topic, difficulty=1, ask="penalty",
        ask_ball="", audience=Audience.EXAM, federation=federations[0],
    )


def turned(client: Client, draft) -> FamilyDraft:
    response = client.post(reverse("studio:family_from_draft", args=[draft.pk]))
    assert response.status_code == 302
    return FamilyDraft.objects.get(draft=draft)


def ranges(family_draft: FamilyDraft, **varied: str) -> dict[str, str]:
    """The editor's form: its settings as they stand, and ``varied`` facts ticked."""
    data = {"topic": str(family_draft.topic_id), "asks": list(family_draft.asks),
            "difficulty": str(family_draft.difficulty), "audience": family_draft.audience,
            "federation": str(family_draft.federation_id or "")}
    for name, value in varied.items():
        data[f"vary_{name}"] = "on"
        if family_facts.FACTS_BY_NAME[name].kind == "number":
            data[f"low_{name}"], data[f"high_{name}"] = value.split("-")
        else:
            data[f"choices_{name}"] = value
    return data


def test_turning_a_draft_into_a_family_keeps_its_case_without_expect(users, penalty_draft):
    family_draft = turned(signed_in(users["author"]), penalty_draft)
    assert family_draft.spec["case"] == CONTACT
    assert family_draft.spec["parameters"] == {}
    assert family_draft.asks == ["penalty"]
    assert family_draft.federation == penalty_draft.federation
    assert family_draft.audience == "exam"
    assert "expect" not in json.dumps(family_draft.spec)


def test_saving_ranges_writes_parameters_and_operands(users, penalty_draft):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    url = reverse("studio:family_edit", args=[family_draft.pk])
    response = client.post(url, ranges(family_draft, reds="1-15", score_a="0-60",
                                       first_contact="red, yellow, black"))
    assert response.status_code == 302
    family_draft.refresh_from_db()
    assert family_draft.spec["parameters"] == {
        "reds": {"range": [1, 15]}, "score_a": {"range": [0, 60]},
        "first_contact": {"choice": [["red"], ["yellow"], ["black"]]},
    }
    case = family_draft.spec["case"]
    assert case["state"]["reds"] == {"$": "reds"}
    assert case["state"]["scores"] == {"A": {"$": "score_a"}, "B": 20}
    assert case["stroke"]["first_contact"] == {"$": "first_contact"}
    assert family_draft.spec["states"] == ["reds", "scores"]
    # Unticked, a fact keeps its parameter's first value and the parameter goes.
    client.post(url, ranges(family_draft, score_a="0-60", first_contact="red, yellow"))
    family_draft.refresh_from_db()
    assert family_draft.spec["case"]["state"]["reds"] == 1
    assert "reds" not in family_draft.spec["parameters"]
    assert family_draft.spec["states"] == ["scores"]


def test_bad_ranges_are_refused_with_a_message_in_the_authors_language(users, penalty_draft):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    url = reverse("studio:family_edit", args=[family_draft.pk]).replace("/en/", "/fr/")
    response = client.post(url, ranges(family_draft, reds="9-3", first_contact="red, purple"))
    assert response.status_code == 400
    text = response.content.decode()
    assert "« purple »" in text or "purple" in text
    assert "valeur" in text  # the French message about an unknown value
    family_draft.refresh_from_db()
    assert family_draft.spec["parameters"] == {}


@pytest.mark.parametrize("body, expected", [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ('{"slug": "x"}', "topic: is required."),
])
def test_bad_json_is_refused_with_a_message(users, penalty_draft, body, expected):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    response = client.post(reverse("studio:family_json", args=[family_draft.pk]),
                           {"family": body})
    assert response.status_code == 400
    assert expected in response.content.decode()
    family_draft.refresh_from_db()
    assert family_draft.spec["case"] == CONTACT


def test_the_json_may_not_move_an_authors_family_to_practice(users, penalty_draft):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    data = services_family_dict(family_draft)
    data["audience"] = "practice"
    response = client.post(reverse("studio:family_json", args=[family_draft.pk]),
                           {"family": json.dumps(data)})
    assert response.status_code == 400
    assert "audience: You do not write for this pool." in response.content.decode()


def services_family_dict(family_draft):
    from studio.family_services import family_dict

    return family_dict(family_draft)


def test_the_json_saves_constraints(users, penalty_draft):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    data = services_family_dict(family_draft)
    data["parameters"] = {"reds": {"range": [1, 9]}}
    data["constraints"] = [{"left": {"$": "reds"}, "op": "!=", "right": 4}]
    data["case"]["state"]["reds"] = {"$": "reds"}
    response = client.post(reverse("studio:family_json", args=[family_draft.pk]),
                           {"family": json.dumps(data)})
    assert response.status_code == 302
    family_draft.refresh_from_db()
    assert family_draft.spec["constraints"] == data["constraints"]
    FamilySpec.from_dict(services_family_dict(family_draft))  # reads as a fixture


def test_preview_shows_twenty_instances_and_the_check(users, penalty_draft):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    client.post(reverse("studio:family_edit", args=[family_draft.pk]),
                ranges(family_draft, reds="1-15", first_contact="red, yellow, black, blue"))
    response = client.get(reverse("studio:family_preview", args=[family_draft.pk]) + "?lang=pl")
    assert response.status_code == 200
    text = response.content.decode()
    assert text.count('class="family-card"') == 20
    assert 'lang="pl"' in text
    assert "Instances built" in text and "Distinct situations" in text
    summary = response.context["summary"]
    assert summary.built == 20 and summary.answers >= 2
    assert all(card.verdict for card in response.context["cards"])


def test_preview_of_a_family_that_cannot_be_built_says_so(users, penalty_draft):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    family_draft.spec = {**family_draft.spec, "case": {"state": {"reds": {"$": "nothing"}}}}
    family_draft.save()
    response = client.get(reverse("studio:family_preview", args=[family_draft.pk]) + "?lang=xx")
    assert response.status_code == 200
    assert "unknown parameter" in response.content.decode()


def test_publish_stores_a_family_for_the_federations_exam_pool(users, penalty_draft):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    client.post(reverse("studio:family_edit", args=[family_draft.pk]),
                ranges(family_draft, reds="1-15", score_a="0-60", score_b="0-60",
                       first_contact="red, yellow, black, blue"))
    response = client.post(reverse("studio:family_publish", args=[family_draft.pk]))
    assert response.status_code == 302, response.content.decode()[:3000]
    family = Family.objects.get(slug=family_draft.slug)
    assert family.federation == penalty_draft.federation
    assert family.published is False  # an exam family: practice never shows it
    assert family.spec["audience"] == "exam"
    family_draft.refresh_from_db()
    assert family_draft.family == family


def test_publish_refuses_a_family_whose_answer_never_varies(users, penalty_draft):
    client = signed_in(users["author"])
    family_draft = turned(client, penalty_draft)
    client.post(reverse("studio:family_edit", args=[family_draft.pk]),
                ranges(family_draft, reds="1-15"))
    response = client.post(reverse("studio:family_publish", args=[family_draft.pk]))
    assert response.status_code == 400
    assert "fewer than 2 distinct correct answers" in response.content.decode()
    assert not Family.objects.filter(slug=family_draft.slug).exists()


def test_another_federations_author_cannot_see_or_change_it(users, penalty_draft):
    family_draft = turned(signed_in(users["author"]), penalty_draft)
    other = signed_in(users["other_author"])
    for name in ("family_edit", "family_preview"):
        assert other.get(reverse(f"studio:{name}", args=[family_draft.pk])).status_code == 404
    for name in ("family_edit", "family_json", "family_publish"):
        assert other.post(reverse(f"studio:{name}", args=[family_draft.pk])).status_code == 404
    assert other.post(reverse("studio:family_from_draft", args=[penalty_draft.pk])).status_code \
        == 404
    assert family_draft.slug not in other.get(reverse("studio:index")).content.decode()
    assert signed_in(users["trainee"]).get(
        reverse("studio:family_edit", args=[family_draft.pk])).status_code == 403
