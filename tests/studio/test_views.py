"""The studio's pages and its verdict API: who may, what comes back, what is refused."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from quiz.models import Scenario
from studio.models import Author, AuthorInvitation, Draft
from tests.studio.conftest import IN_OFF, POSITIONS

pytestmark = pytest.mark.django_db

VERDICT = "/en/author/verdict/"


@pytest.fixture(autouse=True)
def _fresh_cache(db):
    cache.clear()
    yield
    cache.clear()


def signed_in(user, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    return client


def post_case(client: Client, case, **extra):
    body = case if isinstance(case, (bytes, str)) else json.dumps(case)
    return client.post(VERDICT, body, content_type="application/json", **extra)


# --- the verdict API -------------------------------------------------------------------


def test_verdict_of_a_valid_case_is_the_engines_decision_explained(users):
    response = post_case(signed_in(users["author"]), IN_OFF)
    assert response.status_code == 200
    data = response.json()
    assert data["problems"] == []
    assert data["decision"]["legal"] is False
    assert data["decision"]["penalty"] == 4
    assert {"rule", "text"} <= set(data["explanation"][0])
    rules = [step["rule"] for step in data["explanation"]]
    assert "3.12(a)" in rules
    assert any("pocket" in step["text"] for step in data["explanation"])


def test_verdict_explains_in_the_pages_language(users):
    client = signed_in(users["author"])
    response = client.post("/fr/author/verdict/", json.dumps(IN_OFF),
                           content_type="application/json")
    english = post_case(client, IN_OFF).json()["explanation"]
    french = response.json()["explanation"]
    assert [s["rule"] for s in french] == [s["rule"] for s in english]
    assert [s["text"] for s in french] != [s["text"] for s in english]


def test_invalid_case_reports_problems_with_paths(users):
    case = {"state": {"misses": 5, "positions": {**POSITIONS, "red": [[889, 2800], [889, 2810]]}},
            "stroke": {"first_contact": ["red"]}}
    response = post_case(signed_in(users["author"]), case)
    assert response.status_code == 422
    data = response.json()
    assert data["decision"] is None and data["explanation"] == []
    paths = {problem["path"] for problem in data["problems"]}
    assert "state.misses" in paths
    assert any(path.startswith("state.positions.red") for path in paths)
    for problem in data["problems"]:
        assert problem["message"] and problem["field"]


def test_body_that_is_not_json_is_refused_with_a_problem(users):
    response = post_case(signed_in(users["author"]), b"{not json")
    assert response.status_code == 400
    assert response.json()["problems"][0]["path"] == "(case)"


def test_oversized_body_is_refused(users):
    case = {**IN_OFF, "padding": "x" * (65 * 1024)}
    response = post_case(signed_in(users["author"]), case)
    assert response.status_code == 413
    assert "error" in response.json()


@pytest.mark.parametrize("who", ["trainee", "examiner"])
def test_verdict_needs_an_author(users, who):
    response = post_case(signed_in(users[who]), IN_OFF)
    assert response.status_code == 403
    assert "decision" not in response.json()


def test_verdict_needs_a_session(users):
    response = post_case(Client(), IN_OFF)
    assert response.status_code == 403


def test_verdict_needs_csrf(users):
    client = signed_in(users["author"], csrf=True)
    assert post_case(client, IN_OFF).status_code == 403
    client.get(reverse("studio:index"))  # sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    assert post_case(client, IN_OFF, HTTP_X_CSRFTOKEN=token).status_code == 200


def test_verdict_refuses_get(users):
    assert signed_in(users["author"]).get(VERDICT).status_code == 405


def test_verdict_is_rate_limited_per_user(users, settings):
    settings.STUDIO_VERDICT_PER_MINUTE = 3
    client = signed_in(users["author"])
    statuses = [post_case(client, IN_OFF).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    # Another author has his own allowance.
    assert post_case(signed_in(users["other_author"]), IN_OFF).status_code == 200


# --- pages -------------------------------------------------------------------------------


def test_studio_pages_for_an_author(users, draft):
    client = signed_in(users["author"])
    index = client.get("/en/author/")
    assert index.status_code == 200
    assert draft.slug in index.content.decode()
    page = client.get(f"/en/author/{draft.pk}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-verdict-url="/en/author/verdict/"' in html
    assert "<script>" not in html and " style=\"" not in html.replace('style="direction:ltr"', "")


def test_the_site_links_the_studio_for_authors_only(users):
    assert 'href="/en/author/"' in signed_in(users["author"]).get("/en/").content.decode()
    assert 'href="/en/author/"' not in signed_in(users["trainee"]).get("/en/").content.decode()


def test_anonymous_is_sent_to_log_in(db):
    response = Client().get("/en/author/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_other_federations_author_cannot_open_a_draft(users, draft):
    client = signed_in(users["other_author"])
    assert client.get(f"/en/author/{draft.pk}/").status_code == 404
    assert client.post(f"/en/author/{draft.pk}/publish/", {"confirm": "on"}).status_code == 404
    assert client.get("/en/author/pool/wales/export/").status_code == 404


def test_saving_keeps_the_case_without_expect(users, draft):
    client = signed_in(users["author"])
    data = editor_data(draft)
    data["case"] = json.dumps({**IN_OFF, "expect": {"penalty": 4}})
    data["title_pl"] = "Nowy tytuł"
    response = client.post(f"/en/author/{draft.pk}/", data)
    assert response.status_code == 302
    draft.refresh_from_db()
    assert "expect" not in draft.case
    assert draft.words["pl"]["title"] == "Nowy tytuł"


def editor_data(draft: Draft) -> dict[str, str]:
    data = {
        "slug": draft.slug, "topic": str(draft.topic_id), "difficulty": str(draft.difficulty),
        "ask": draft.ask, "ask_ball": draft.ask_ball, "audience": draft.audience,
        "federation": str(draft.federation_id or ""), "case": json.dumps(draft.case),
    }
    for code, texts in draft.words.items():
        for name, value in texts.items():
            data[f"{name}_{code}"] = value
    return data


def test_publish_from_the_page_needs_the_confirmation(users, draft):
    client = signed_in(users["author"])
    response = client.post(f"/en/author/{draft.pk}/publish/", editor_data(draft))
    assert response.status_code == 400
    assert "publish-problems" in response.content.decode()
    assert not Scenario.objects.filter(slug=draft.slug).exists()
    data = {**editor_data(draft), "confirm": "on"}
    response = client.post(f"/en/author/{draft.pk}/publish/", data)
    assert response.status_code == 302
    assert Scenario.objects.filter(slug=draft.slug, federation__slug="wales").exists()


def test_author_cannot_move_a_draft_to_the_practice_bank(users, draft):
    data = {**editor_data(draft), "audience": "practice", "federation": ""}
    response = signed_in(users["author"]).post(f"/en/author/{draft.pk}/", data)
    assert response.status_code == 400  # the form again, with its error
    draft.refresh_from_db()
    assert draft.audience == "exam"


def test_author_cannot_write_for_another_federation(users, draft, federations):
    data = {**editor_data(draft), "federation": str(federations[1].pk)}
    signed_in(users["author"]).post(f"/en/author/{draft.pk}/", data)
    draft.refresh_from_db()
    assert draft.federation == federations[0]


def test_an_author_can_neither_start_nor_import_into_another_federations_pool(
    users, draft, federations, topic
):
    """The guard of test_author_cannot_write_for_another_federation, by the studio's other
    doors: a new draft for Poland's pool, and Wales's published scenario imported there."""
    wales, poland = federations
    client = signed_in(users["author"])
    new = {"slug": "poland-in-off", "topic": str(topic.pk), "audience": "exam",
           "federation": str(poland.pk)}  # fmt: skip
    assert client.post("/en/author/new/", new).status_code == 400
    # The same draft for his own pool is made: only the federation was refused.
    own = client.post("/en/author/new/", {**new, "slug": "wales-2", "federation": str(wales.pk)})
    assert own.status_code == 302
    published = client.post(f"/en/author/{draft.pk}/publish/", {**editor_data(draft),
                                                                "confirm": "on"})  # fmt: skip
    assert published.status_code == 302
    exported = client.get("/en/author/pool/wales/export/")
    assert exported.status_code == 200
    upload = SimpleUploadedFile("wales.json", exported.content, "application/json")
    assert client.post("/en/author/pool/poland/import/", {"file": upload}).status_code == 404
    assert not Draft.objects.filter(federation=poland).exists()
    assert not Scenario.objects.filter(federation=poland).exists()
    assert Scenario.objects.filter(federation=wales).count() == 1


def test_preview_renders_the_trainees_form(users, draft):
    body = {"case": IN_OFF, "ask": "penalty", "language": "fr", "topic": draft.topic_id,
            "title": "Titre", "narrative": "Récit", "question": "Quelle pénalité ?"}
    response = signed_in(users["author"]).post(
        "/en/author/preview/", json.dumps(body), content_type="application/json"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Quelle pénalité ?" in html and 'name="preview-penalty"' in html
    assert "<svg" in html


@pytest.mark.parametrize(
    "odd",
    [{"language": []}, {"ask": {}}, {"topic": "²"}, {"topic": "9" * 30}, {"language": ["fr"]}],
)
def test_preview_takes_odd_json_values_as_no_choice(users, odd):
    client = signed_in(users["author"])
    body = {"case": IN_OFF, "ask": "penalty", **odd}
    response = client.post(
        "/en/author/preview/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 200


@pytest.mark.parametrize("withdraw", ["²", "9" * 30])
def test_withdrawing_an_odd_author_id_is_not_found(users, withdraw):
    response = signed_in(users["examiner"]).post("/en/author/authors/", {"withdraw": withdraw})
    assert response.status_code == 404


def test_examiner_invites_the_user_accepts_and_the_examiner_withdraws(users, federations):
    from django.core import mail
    from django.utils import timezone

    from accounts.models import EmailAddress

    trainee = users["trainee"]
    trainee.set_password("a-long-pass-1234")  # an account that can log in gets mail
    trainee.save()
    EmailAddress.objects.create(user=trainee, email="t@example.org", verified_at=timezone.now())
    client = signed_in(users["examiner"])
    assert client.get("/en/author/authors/").status_code == 200
    response = client.post("/en/author/authors/",
                           {"username": "trainee", "federation": federations[0].pk})
    assert response.status_code == 302
    # invited, not yet an author; told by mail where to answer
    assert not Author.objects.filter(user=trainee).exists()
    assert [m.to for m in mail.outbox] == [["t@example.org"]]
    assert "/en/author/invitations/" in mail.outbox[0].body
    assert "trainee" in client.get("/en/author/authors/").content.decode()
    # Not in another federation.
    client.post("/en/author/authors/", {"username": "staff", "federation": federations[1].pk})
    assert not AuthorInvitation.objects.filter(user=users["staff"]).exists()
    # the user accepts on his own page
    own = signed_in(trainee)
    page = own.get("/en/author/invitations/")
    assert page.status_code == 200 and "Wales" in page.content.decode()
    invitation = AuthorInvitation.objects.get(user=trainee)
    assert own.post("/en/author/invitations/", {"accept": invitation.pk}).status_code == 302
    author = Author.objects.get(user=trainee)
    assert author.federation == federations[0] and author.granted_by == users["examiner"]
    assert not AuthorInvitation.objects.exists()
    # He cannot withdraw another federation's author.
    other = Author.objects.get(user=users["other_author"])
    assert client.post("/en/author/authors/", {"withdraw": other.pk}).status_code == 404
    client.post("/en/author/authors/", {"withdraw": author.pk})
    assert not Author.objects.filter(pk=author.pk).exists()


def test_no_one_is_made_another_federations_author_without_consent(users, federations):
    """The examiner of Wales invites Poland's author: nothing changes until he answers."""
    client = signed_in(users["examiner"])
    response = client.post("/en/author/authors/",
                           {"username": "other-author", "federation": federations[0].pk})
    assert response.status_code == 302
    assert Author.objects.get(user=users["other_author"]).federation == federations[1]
    invitation = AuthorInvitation.objects.get(user=users["other_author"])
    # nobody else can answer for him
    for someone in ("examiner", "author", "trainee"):
        answer = signed_in(users[someone]).post(
            "/en/author/invitations/", {"accept": invitation.pk})
        assert answer.status_code == 404, someone
    assert Author.objects.get(user=users["other_author"]).federation == federations[1]
    # he declines: still Poland's, and Poland still withdraws him
    own = signed_in(users["other_author"])
    page = own.get("/en/author/invitations/").content.decode()
    assert "accepting ends that role" in page
    own.post("/en/author/invitations/", {"decline": invitation.pk})
    assert not AuthorInvitation.objects.exists()
    assert Author.objects.get(user=users["other_author"]).federation == federations[1]


def test_the_examiner_withdraws_an_unanswered_invitation(users, federations):
    client = signed_in(users["examiner"])
    client.post("/en/author/authors/", {"username": "trainee", "federation": federations[0].pk})
    invitation = AuthorInvitation.objects.get()
    assert client.post("/en/author/authors/", {"cancel": invitation.pk}).status_code == 302
    assert not AuthorInvitation.objects.exists()
    assert signed_in(users["trainee"]).post(
        "/en/author/invitations/", {"accept": invitation.pk}).status_code == 404
    assert not Author.objects.filter(user=users["trainee"]).exists()


def test_an_author_cannot_grant_the_role(users):
    assert signed_in(users["author"]).get("/en/author/authors/").status_code == 403


def test_verdict_follows_the_rule_book_named_and_refuses_an_unknown_one(users):
    client = signed_in(users["author"])
    assert post_case(client, {**IN_OFF, "ruleset": "wpbsa-2014"}).status_code == 200
    response = post_case(client, {**IN_OFF, "ruleset": "wpbsa-1900"})
    assert response.status_code == 422
    problem = response.json()["problems"][0]
    assert problem["path"] == "ruleset" and problem["field"] == "Rule book"


@pytest.mark.parametrize(
    ("sent", "shown"),
    [("3", "advanced"), ("2", "intermediate"), ("1", "introductory"), ("7", "introductory"),
     (3, "introductory"), ("٣", "introductory"), (None, "introductory")],
)
def test_preview_shows_the_drafts_difficulty(users, draft, sent, shown):
    body = {"case": IN_OFF, "ask": "penalty", "language": "en", "topic": draft.topic_id,
            "difficulty": sent, "title": "T", "narrative": "N", "question": "Q"}
    html = signed_in(users["author"]).post(
        "/en/author/preview/", json.dumps(body), content_type="application/json"
    ).content.decode()
    meta = html.split('<p class="meta">', 1)[1].split("</p>", 1)[0]
    assert meta.endswith(shown)


# --- the languages a pool needs ------------------------------------------------------------


def offer_languages(federation, *codes):
    from datetime import UTC, datetime

    from exams.models import Exam

    return Exam.objects.create(
        federation=federation, slug=f"exam-{'-'.join(codes)}", name="Exam", time_limit=10,
        pass_mark=50, opens_at=datetime(2026, 1, 1, tzinfo=UTC),
        closes_at=datetime(2026, 1, 2, tzinfo=UTC), languages=list(codes),
    )


def test_the_editor_says_which_languages_the_pool_needs(users, draft, federations):
    offer_languages(federations[0], "pl", "en")
    html = signed_in(users["author"]).get(f"/en/author/{draft.pk}/").content.decode()
    assert "Languages this pool needs:" in html
    assert "<strong data-needed-list" in html and ">English, polski</strong>" in html
    pools = json.loads(
        html.split('data-pools-languages="', 1)[1].split('"', 1)[0].replace("&quot;", '"')
    )
    assert pools[str(federations[0].pk)] == ["en", "pl"]
    assert pools["shared"] == pools["practice"] == ["en", "fr", "ru", "fa", "pl"]


def test_a_federation_in_two_languages_publishes_a_scenario_written_in_those_two(
    users, draft, federations
):
    offer_languages(federations[0], "pl", "en")
    data = {**editor_data(draft), "confirm": "on"}
    for code in ("fr", "ru", "fa"):
        for name in ("title", "narrative", "question", "note"):
            data[f"{name}_{code}"] = ""
    response = signed_in(users["author"]).post(f"/en/author/{draft.pk}/publish/", data)
    assert response.status_code == 302
    scenario = Scenario.objects.get(slug=draft.slug)
    assert scenario.title_pl == "In-off [pl]" and scenario.title_fa == ""


def test_a_language_the_pool_needs_is_asked_for_in_the_authors_language(
    users, draft, federations
):
    offer_languages(federations[0], "pl", "en")
    data = {**editor_data(draft), "confirm": "on", "question_pl": "", "title_fr": "Titre"}
    for name in ("narrative", "question"):
        data[f"{name}_fr"] = ""
    response = signed_in(users["author"]).post(f"/pl/author/{draft.pk}/publish/", data)
    assert response.status_code == 400
    html = response.content.decode()
    problems = html.split('id="publish-problems"', 1)[1].split("</div>", 1)[0]
    # Polish is needed; French only half written: both said in Polish, not in English
    assert 'data-problem-path="question_pl"' in problems
    assert 'data-problem-path="narrative_fr"' in problems
    assert "is empty" not in problems
    assert "pula" in problems or "język" in problems
    assert not Scenario.objects.filter(slug=draft.slug).exists()
