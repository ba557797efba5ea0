"""Pages in five languages; practice, self-test and progress; tampered forms."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from quiz import asks
from quiz.explain import explain
from quiz.grading import decide
from quiz.models import Audience, PracticeAnswer, Progress, Scenario, SelfTest, SelfTestAnswer
from tests.conftest import RIGHT_ANSWERS, answer_post_data

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "fr", "ru", "fa", "pl"]
RIGHT_LEGAL = {"legal": False}  # t-legal-in-off: the cue ball went in-off, a foul


def url(name, language="en", **kwargs):
    with translation.override(language):
        return reverse(name, kwargs=kwargs or None)


def practice_url(scenario, language="en"):
    return url("quiz:practice", language, topic=scenario.topic.slug, scenario=scenario.slug)


def token_of(response):
    return re.search(r'name="token" value="([^"]+)"', response.content.decode()).group(1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_in_every_language(client, bank, language):
    response = client.get(url("quiz:home", language))
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}" dir="{"rtl" if language == "fa" else "ltr"}">' in html
    with translation.override(language):
        assert bank["t-respot-blue"].topic.title in html
    assert 'class="skip-link"' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_practice_question_and_feedback_in_every_language(client, bank, language, answer_data):
    scenario = bank["t-legal-in-off"]
    response = client.get(practice_url(scenario, language))
    assert response.status_code == 200
    with translation.override(language):
        assert scenario.narrative in response.content.decode()
    data = answer_data(scenario, RIGHT_LEGAL) | {"token": token_of(response)}
    response = client.post(practice_url(scenario, language), data)
    assert response.status_code == 200
    assert response.context["grade"].correct
    with translation.override(language):
        steps = explain(response.context["grade"].decision)
    assert steps
    html = response.content.decode()
    for step in steps:
        assert str(step.rule_label) in html


def test_question_page_never_shows_the_answer(client, bank):
    for scenario in bank.values():
        if not scenario.published:
            continue
        response = client.get(practice_url(scenario))
        html = response.content.decode()
        decision = decide(scenario.case)
        assert "checked" not in html, scenario.slug
        assert 'class="feedback' not in html
        for step in explain(decision):
            assert step.text not in html, (scenario.slug, step.text)
        assert "trail" not in html and "expect" not in html


def test_topic_redirects_to_the_first_unanswered_question(client, bank, answer_data):
    first = bank["t-legal-in-off"]
    response = client.get(url("quiz:practice_topic", topic="test-fouls"))
    assert response.status_code == 302
    assert response["Location"] == practice_url(first)
    page = client.get(practice_url(first))
    client.post(practice_url(first), answer_data(first, RIGHT_LEGAL) | {"token": token_of(page)})
    response = client.get(url("quiz:practice_topic", topic="test-fouls"))
    assert response["Location"] != practice_url(first)


def test_signed_in_trainee_progress_is_kept_and_resumed(client, bank, answer_data):
    user = get_user_model().objects.create_user("trainee", password="pw-for-tests-1")
    client.force_login(user)
    scenario = bank["t-legal-in-off"]
    page = client.get(practice_url(scenario))
    client.post(
        practice_url(scenario), answer_data(scenario, RIGHT_LEGAL) | {"token": token_of(page)}
    )
    progress = Progress.objects.get(user=user, topic=scenario.topic)
    assert (progress.answered, progress.correct, progress.last_scenario) == (1, 1, scenario)
    # A new session (logged in again) resumes after the answered question.
    client.logout()
    client.force_login(user)
    response = client.get(url("quiz:practice_topic", topic="test-fouls"))
    assert response["Location"] != practice_url(scenario)
    page = client.get(url("quiz:progress", "pl"))
    assert page.status_code == 200
    assert [row.answered for row in page.context["rows"] if row.topic == scenario.topic] == [1]


def test_progress_needs_an_account(client, bank):
    response = client.get(url("quiz:progress"))
    assert response.status_code == 302
    assert url("login") in response["Location"]


def test_replayed_practice_answer_shows_the_first_result(client, bank, answer_data):
    scenario = bank["t-legal-in-off"]
    page = client.get(practice_url(scenario))
    data = answer_data(scenario, RIGHT_LEGAL) | {"token": token_of(page)}
    first = client.post(practice_url(scenario), data)
    assert first.context["grade"].correct
    replay = client.post(
        practice_url(scenario, "fr"),
        answer_data(scenario, {"legal": True}) | {"token": data["token"]},
    )
    assert replay.status_code == 200
    assert replay.context["grade"].correct  # the first answer stands
    assert PracticeAnswer.objects.count() == 1
    messages = [str(m) for m in replay.context["messages"]]
    assert messages == ["Vous avez déjà répondu à cette question. Voici votre résultat."]


def test_stale_token_keeps_the_choices(client, bank, answer_data):
    scenario = bank["t-legal-in-off"]
    client.get(practice_url(scenario))
    response = client.post(
        practice_url(scenario), answer_data(scenario, RIGHT_LEGAL) | {"token": "not-a-token"}
    )
    assert response.status_code == 200
    assert PracticeAnswer.objects.count() == 0
    assert re.search(r'value="foul"[^>]*checked', response.content.decode())
    assert any("out of date" in str(m) for m in response.context["messages"])


@pytest.mark.parametrize(
    "tamper",
    [
        {"legal": "maybe"},
        {"legal": None},
        {"scenario": "other"},
        {"scenario": None},
    ],
)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_tampered_practice_form_gets_a_message_and_no_error(
    client, bank, answer_data, tamper, language
):
    scenario = bank["t-legal-in-off"]
    page = client.get(practice_url(scenario, language))
    data = answer_data(scenario, RIGHT_LEGAL) | {"token": token_of(page)}
    for key, value in tamper.items():
        if value is None:
            data.pop(key)
        elif value == "other":
            data[key] = str(bank["t-legal-red-potted"].pk)
        else:
            data[key] = value
    response = client.post(practice_url(scenario, language), data)
    assert response.status_code == 400
    assert PracticeAnswer.objects.count() == 0
    assert 'role="alert"' in response.content.decode()
    # The same token still works: nothing is lost.
    good = answer_data(scenario, RIGHT_LEGAL) | {"token": data["token"]}
    assert client.post(practice_url(scenario, language), good).context["grade"].correct


def test_unpublished_scenario_is_not_served(client, bank):
    assert client.get(practice_url(bank["t-unpublished"])).status_code == 404


def start_self_test(client, language="en", length=10, topics=("test-fouls", "test-respotting")):
    from quiz.models import Topic

    ids = [str(t.pk) for t in Topic.objects.filter(slug__in=topics)]
    return client.post(
        url("quiz:self_test_start", language),
        {"language": language, "length": str(length), "topics": ids},
    )


def test_self_test_from_start_to_score(client, bank, answer_data):
    response = start_self_test(client, language="pl")
    self_test = SelfTest.objects.get()
    assert response.status_code == 302
    assert response["Location"].startswith("/pl/")
    assert self_test.size == 10
    assert len(set(self_test.scenario_ids)) == 10
    assert bank["t-unpublished"].pk not in self_test.scenario_ids
    by_pk = {s.pk: s for s in bank.values()}
    for position, pk in enumerate(self_test.scenario_ids, start=1):
        scenario = by_pk[pk]
        question = url("quiz:self_test_question", "pl", test_id=self_test.pk, position=position)
        assert client.get(question).status_code == 200
        answer = _wrong(scenario) if position == 2 else RIGHT_ANSWERS[scenario.slug]
        client.post(question, answer_data(scenario, answer))
    self_test.refresh_from_db()
    assert self_test.finished
    result = client.get(url("quiz:self_test_result", "pl", test_id=self_test.pk))
    assert result.status_code == 200
    outcome = result.context["result"]
    assert outcome.questions == 10
    assert outcome.score == 9.0
    assert sum(row.questions for row in outcome.by_topic) == 10
    assert len(outcome.review) == 10
    html = result.content.decode()
    assert html.count('class="feedback') == 10


def _wrong(scenario):
    if scenario.ask == "legal":
        return {"legal": not RIGHT_ANSWERS[scenario.slug]["legal"]}
    return {
        "penalty": {"penalty": 7},
        "points": {"points": {"B": 1}},
        "calls": {"calls": ["restart"]},
        "next": {"next_striker": asks.LOT, "next_options": []},
        "ball_on": {"ball_on": "black"},
        "respot": {"respot": "black_spot"},
        "decision": {"legal": False, "penalty": 7, "points": {}, "calls": ["restart"],
                     "next_striker": asks.LOT, "next_options": [], "ball_on": "black",
                     "respot": "black_spot"},
    }[scenario.ask]


def test_self_test_answer_cannot_be_replaced(client, bank, answer_data):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    scenario = SelfTest.objects.get().scenario_ids[0]
    scenario = next(s for s in bank.values() if s.pk == scenario)
    question = url("quiz:self_test_question", test_id=self_test.pk, position=1)
    client.post(question, answer_data(scenario, RIGHT_ANSWERS[scenario.slug]))
    first = SelfTestAnswer.objects.get()
    response = client.post(question, answer_data(scenario, _wrong(scenario)), follow=True)
    assert response.status_code == 200
    assert SelfTestAnswer.objects.get() == first
    assert SelfTestAnswer.objects.get().score == first.score == 1.0
    assert any("already answered" in str(m) for m in response.context["messages"])


def test_self_test_refuses_an_answer_to_another_question(client, bank, answer_data):
    start_self_test(client, language="fa")
    self_test = SelfTest.objects.get()
    first = next(s for s in bank.values() if s.pk == self_test.scenario_ids[0])
    second = next(s for s in bank.values() if s.pk == self_test.scenario_ids[1])
    question = url("quiz:self_test_question", "fa", test_id=self_test.pk, position=1)
    response = client.post(question, answer_data(second, RIGHT_ANSWERS[second.slug]))
    assert response.status_code == 400
    assert SelfTestAnswer.objects.count() == 0
    assert response.context["form"].errors
    assert first.pk != second.pk


def test_someone_elses_self_test_is_not_found(client, bank):
    from django.test import Client

    start_self_test(client)
    self_test = SelfTest.objects.get()
    stranger = Client()
    assert stranger.get(url("quiz:self_test", test_id=self_test.pk)).status_code == 404
    assert (
        stranger.get(url("quiz:self_test_question", test_id=self_test.pk, position=1)).status_code
        == 404
    )


def test_self_test_result_waits_for_the_last_answer(client, bank):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    response = client.get(url("quiz:self_test_result", test_id=self_test.pk))
    assert response.status_code == 302


def test_a_question_withdrawn_from_practice_is_skipped_and_not_counted(
    client, bank, answer_data
):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    by_pk = {s.pk: s for s in bank.values()}
    last = self_test.scenario_ids[-1]
    Scenario.objects.filter(pk=last).update(audience=Audience.EXAM)  # made exam-only meanwhile
    for position, pk in enumerate(self_test.scenario_ids[:-1], start=1):
        question = url("quiz:self_test_question", test_id=self_test.pk, position=position)
        client.post(question, answer_data(by_pk[pk], RIGHT_ANSWERS[by_pk[pk].slug]))
    resume = client.get(url("quiz:self_test", test_id=self_test.pk))
    assert resume["Location"] == url("quiz:self_test_result", test_id=self_test.pk)
    result = client.get(resume["Location"])
    assert result.status_code == 200
    assert (result.context["result"].questions, result.context["result"].score) == (9, 9.0)


def test_self_test_is_resumable_from_home(client, bank, answer_data):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    home = client.get(url("quiz:home"))
    assert home.context["unfinished"] == self_test
    resume = client.get(url("quiz:self_test", test_id=self_test.pk))
    assert resume["Location"].endswith("/1/")


def test_self_test_with_empty_topics_gets_a_message(client, bank):
    response = client.post(
        url("quiz:self_test_start", "ru"), {"language": "ru", "length": "10", "topics": ["999"]}
    )
    assert response.status_code == 400
    assert SelfTest.objects.count() == 0


def test_language_switch_keeps_the_page(client, bank):
    path = url("quiz:topics", "fr")
    response = client.post(url("set_language", "fr"), {"language": "pl", "next": path})
    assert response.status_code == 302
    assert response["Location"] == url("quiz:topics", "pl")


def test_self_test_question_never_shows_the_answer(client, bank):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    for position, pk in enumerate(self_test.scenario_ids, start=1):
        scenario = next(s for s in bank.values() if s.pk == pk)
        html = client.get(
            url("quiz:self_test_question", test_id=self_test.pk, position=position)
        ).content.decode()
        assert "checked" not in html
        assert 'class="feedback' not in html
        for step in explain(decide(scenario.case)):
            assert step.text not in html, (scenario.slug, step.text)
        if position == 3:
            break


# --- the feedback's own address: switching language keeps the feedback -------------------------


def answer_url(scenario, token, language="en"):
    return url(
        "quiz:practice_answer", language, topic=scenario.topic.slug, scenario=scenario.slug,
        token=token,
    )


def answer_practice(client, scenario, answer, language="en"):
    page = client.get(practice_url(scenario, language))
    token = token_of(page)
    return token, client.post(
        practice_url(scenario, language), answer_post_data(scenario, answer) | {"token": token}
    )


def switcher_next(response):
    return re.search(r'name="next" value="([^"]+)"', response.content.decode()).group(1)


def test_language_switch_on_a_feedback_page_shows_the_same_feedback(client, bank):
    scenario = bank["t-legal-in-off"]
    token, feedback = answer_practice(client, scenario, {"legal": True})  # wrong: a foul
    assert not feedback.context["grade"].correct
    # The switcher sends the reader to the feedback's own address, not back to the question.
    assert switcher_next(feedback) == answer_url(scenario, token)
    switched = client.post(url("set_language"), {"language": "fa", "next": switcher_next(feedback)})
    assert switched["Location"] == answer_url(scenario, token, "fa")
    again = client.get(switched["Location"])
    assert again.status_code == 200
    html = again.content.decode()
    assert '<html lang="fa" dir="rtl">' in html
    assert not again.context["grade"].correct
    assert again.context["grade"].fields == feedback.context["grade"].fields
    with translation.override("fa"):
        for step in explain(again.context["grade"].decision):
            assert step.text in html
    assert 'class="feedback' in html and 'name="token"' not in html
    # Its switcher keeps pointing at the feedback; nothing was answered twice.
    assert switcher_next(again) == answer_url(scenario, token, "fa")
    assert PracticeAnswer.objects.count() == 1


def test_question_page_switcher_keeps_the_question(client, bank):
    scenario = bank["t-legal-in-off"]
    page = client.get(practice_url(scenario, "ru"))
    assert switcher_next(page) == practice_url(scenario, "ru")


def test_feedback_address_shows_nothing_before_the_answer(client, bank):
    scenario = bank["t-legal-in-off"]
    pending = token_of(client.get(practice_url(scenario)))
    # The question's token names no answer until one is submitted: no decision to see.
    assert client.get(answer_url(scenario, pending)).status_code == 404
    assert (
        client.get(answer_url(scenario, "00000000-0000-0000-0000-000000000000")).status_code == 404
    )


def test_feedback_address_is_only_for_whoever_answered(client, bank):
    from django.test import Client

    scenario = bank["t-legal-in-off"]
    token, _ = answer_practice(client, scenario, RIGHT_LEGAL)
    assert client.get(answer_url(scenario, token)).status_code == 200
    assert Client().get(answer_url(scenario, token)).status_code == 404  # another visitor
    other = bank["t-legal-red-potted"]
    assert client.get(answer_url(other, token)).status_code == 404  # another question's address


def test_signed_in_feedback_address_follows_the_account(client, bank):
    from django.test import Client

    user = get_user_model().objects.create_user("trainee", password="pw-for-tests-1")
    client.force_login(user)
    scenario = bank["t-legal-in-off"]
    token, _ = answer_practice(client, scenario, RIGHT_LEGAL)
    elsewhere = Client()
    elsewhere.force_login(user)  # the same trainee on another device
    assert elsewhere.get(answer_url(scenario, token, "pl")).context["grade"].correct
    stranger = Client()
    stranger.force_login(get_user_model().objects.create_user("other", password="pw-for-tests-2"))
    assert stranger.get(answer_url(scenario, token)).status_code == 404


# --- self-test answers count in the trainee's progress -----------------------------------------


def answer_whole_self_test(client, bank, self_test, wrong_positions=()):
    by_pk = {s.pk: s for s in bank.values()}
    for position, pk in enumerate(self_test.scenario_ids, start=1):
        scenario = by_pk[pk]
        answer = _wrong(scenario) if position in wrong_positions else RIGHT_ANSWERS[scenario.slug]
        client.post(
            url("quiz:self_test_question", test_id=self_test.pk, position=position),
            answer_post_data(scenario, answer),
        )


def test_self_test_answers_count_in_a_signed_in_trainees_progress(client, bank):
    user = get_user_model().objects.create_user("trainee", password="pw-for-tests-1")
    client.force_login(user)
    start_self_test(client)
    self_test = SelfTest.objects.get()
    answer_whole_self_test(client, bank, self_test, wrong_positions={1, 2})
    by_pk = {s.pk: s for s in bank.values()}
    expected = {}
    for position, pk in enumerate(self_test.scenario_ids, start=1):
        answered, correct = expected.get(by_pk[pk].topic.slug, (0, 0))
        expected[by_pk[pk].topic.slug] = (answered + 1, correct + (position not in {1, 2}))
    progress = {
        p.topic.slug: (p.answered, p.correct) for p in Progress.objects.filter(user=user)
    }
    assert progress == expected
    assert sum(answered for answered, _ in progress.values()) == 10
    # A self-test's random draw is not where practice resumes.
    assert not Progress.objects.filter(user=user, last_scenario__isnull=False).exists()
    page = client.get(url("quiz:progress", "ru"))
    shown = {row.topic.slug: (row.answered, row.correct) for row in page.context["rows"]}
    assert {slug: shown[slug] for slug in expected} == expected


def test_self_test_and_practice_add_up_and_a_replayed_answer_counts_once(client, bank):
    user = get_user_model().objects.create_user("trainee", password="pw-for-tests-1")
    client.force_login(user)
    practised = bank["t-legal-in-off"]
    answer_practice(client, practised, RIGHT_LEGAL)
    start_self_test(client, topics=("test-fouls",))
    self_test = SelfTest.objects.get()
    first = next(s for s in bank.values() if s.pk == self_test.scenario_ids[0])
    question = url("quiz:self_test_question", test_id=self_test.pk, position=1)
    client.post(question, answer_post_data(first, RIGHT_ANSWERS[first.slug]))
    client.post(question, answer_post_data(first, _wrong(first)))  # replayed: refused
    progress = Progress.objects.get(user=user, topic=practised.topic)
    assert (progress.answered, progress.correct) == (2, 2)
    assert progress.score_total == pytest.approx(2.0)
    assert progress.last_scenario == practised


def test_anonymous_self_test_keeps_no_progress(client, bank):
    start_self_test(client)
    answer_whole_self_test(client, bank, SelfTest.objects.get())
    assert SelfTest.objects.get().finished
    assert not Progress.objects.exists()


# --- diagrams on the pages: before and after the stroke, one spot picker ------------------------


def spot_targets_in(html):
    return re.findall(r'data-target="(\w+)"', html)


def test_respot_question_has_one_labelled_spot_picker_and_plain_diagrams(client, bank):
    for slug, language in (("t-respot-blue", "en"), ("t-decision-pink", "pl")):
        scenario = bank[slug]
        html = client.get(practice_url(scenario, language)).content.decode()
        assert html.count("data-spot-picker") == 1, slug
        picker = html[html.index("data-spot-picker"):]
        picker = picker[: picker.index("</figure>")]
        # All six spots, inside the picker only: the table diagram itself is an image.
        assert spot_targets_in(picker) == [
            f"{c}_spot" for c in ("yellow", "green", "brown", "blue", "pink", "black")
        ]
        assert len(spot_targets_in(html)) == 6
        with translation.override(language):
            from django.utils.translation import gettext

            label = gettext("The spots of the table: click one to choose it")
        assert f">{label}</title>" in picker
        # The picker sits in the re-spot field, next to the list it fills in.
        fieldset = html[html.rindex("<fieldset", 0, html.index("data-spot-picker")):]
        assert 'name="respot"' in fieldset[: fieldset.index("</fieldset>")]


def test_other_questions_have_no_spot_picker(client, bank):
    html = client.get(practice_url(bank["t-calls-miss"])).content.decode()
    assert "data-spot-picker" not in html and not spot_targets_in(html)


@pytest.fixture
def respotting_bank(db):
    """The site's own re-spotting fixtures: their cases give the positions after the stroke."""
    from io import StringIO
    from pathlib import Path

    from django.core.management import call_command

    from quiz.models import Scenario

    root = Path(__file__).resolve().parents[2] / "fixtures"
    call_command(
        "load_scenarios", str(root / "topics.json"), str(root / "scenarios" / "respotting.json"),
        stdout=StringIO(), stderr=StringIO(),
    )
    return [
        s for s in Scenario.objects.filter(published=True)
        if "positions_after" in (s.case.get("stroke") or {})
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_positions_after_the_stroke_are_shown_before_and_after(client, respotting_bank, language):
    from django.utils.translation import gettext

    scenario = respotting_bank[0]
    html = client.get(practice_url(scenario, language)).content.decode()
    with translation.override(language):
        before, after = gettext("Before the stroke"), gettext("After the stroke")
        after_title = str(diagram_title_after())
    if language != "en":
        assert (before, after) != ("Before the stroke", "After the stroke")
    assert f"<figcaption>{before}</figcaption>" in html
    assert f"<figcaption>{after}</figcaption>" in html
    assert html.index(before) < html.index(after)
    assert after_title in html
    # The feedback shows both tables too.
    page = client.get(practice_url(scenario, language))
    form = page.context["form"]
    first_choices = {
        name: field.choices[0][0]
        for name, field in form.fields.items()
        if hasattr(field, "choices")
    }
    feedback = client.post(
        practice_url(scenario, language),
        {"token": token_of(page), "scenario": scenario.pk, **first_choices},
    )
    assert feedback.status_code == 200 and "grade" in feedback.context
    feedback_html = feedback.content.decode()
    assert f"<figcaption>{before}</figcaption>" in feedback_html
    assert f"<figcaption>{after}</figcaption>" in feedback_html


def diagram_title_after():
    from django.utils.translation import pgettext

    return pgettext("diagram", "Snooker table after the stroke")


def test_a_case_without_positions_after_has_one_diagram_and_no_captions(client, bank):
    html = client.get(practice_url(bank["t-respot-blue"])).content.decode()
    assert "<figcaption>" not in html
    assert html.count('class="diagram"') == 1


def test_self_test_review_shows_each_questions_table(client, bank):
    start_self_test(client)
    self_test = SelfTest.objects.get()
    answer_whole_self_test(client, bank, self_test)
    html = client.get(url("quiz:self_test_result", "fa", test_id=self_test.pk)).content.decode()
    review = html[html.index('id="review"'):]
    assert review.count('class="review-item"') == 10
    assert review.count('role="img"') >= 10


def test_sign_up_in_persian_shows_djangos_numbers_in_persian_digits(client, db):
    from tests.test_translations import visible_text

    page = client.get(url("signup", "fa")).content.decode()
    main = visible_text(page[page.index("<main"): page.index("</main>")])
    assert "۱۵۰" in main and "۸" in main
    assert not re.search(r"[0-9]", main)
    refused = client.post(
        url("signup", "fa"), {"username": "x", "password1": "a1", "password2": "a1"}
    )
    assert refused.status_code == 400
    html = refused.content.decode()
    errors = visible_text(html[html.index("<main"): html.index("</main>")])
    assert "۸" in errors and not re.search(r"[0-9]", errors)
    # Other languages keep their digits.
    assert "150" in client.get(url("signup", "pl")).content.decode()
