"""The exercise through its pages: start, call each stroke, the graded stroke, the summary."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from frames.models import FrameCall, FrameRun
from quiz.models import ReviewCard
from tests.frames_app.conftest import RIGHT_CALLS, call_data

pytestmark = pytest.mark.django_db


def _start(client, slug="positions-short") -> FrameRun:
    response = client.post(reverse("frames:start", kwargs={"frame": slug}))
    assert response.status_code == 302
    run = FrameRun.objects.latest("started_at")
    assert response["Location"] == reverse("frames:stroke", args=[run.pk, 1])
    return run


def _stroke(run, number):
    return reverse("frames:stroke", args=[run.pk, number])


def _call(client, run, number, **parts):
    return client.post(_stroke(run, number), call_data(number, **parts))


def test_the_picker_lists_the_frames_and_filters_them(client, frames):
    html = client.get(reverse("frames:picker")).content.decode()
    assert html.count("Referee this frame") == len(frames)
    four = client.get(reverse("frames:picker"), {"topic": "four-handed"}).content.decode()
    assert four.count("Referee this frame") == 1 and "/four-handed/start/" in four
    short = client.get(reverse("frames:picker"), {"length": "short"}).content.decode()
    assert "/positions-short/start/" in short and "/free-ball/start/" not in short
    none = client.get(reverse("frames:picker"), {"edition": "wpbsa-2014"}).content.decode()
    assert "No frame matches these choices" in none
    forged = client.get(reverse("frames:picker"), {"topic": "<x>", "length": "forever"})
    assert forged.status_code == 200  # a forged filter filters nothing


def test_a_stroke_page_shows_the_table_and_the_account_never_the_decision(client, frames):
    run = _start(client)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(_stroke(run, 2))  # not reached: back to stroke 1
    assert response.status_code == 302
    html = client.get(_stroke(run, 1)).content.decode()
    assert "data-motion" in html  # positions before and after: the stroke animated
    assert "The cue ball strikes a red first." in html
    assert 'name="score_0"' in html and 'name="score_1"' in html
    for answer in ("referee's reasoning", "3.12", "Section 3", "Right!"):
        assert answer not in html
    writes = [q["sql"] for q in queries if q["sql"].split()[0] in {"INSERT", "UPDATE", "DELETE"}]
    assert not writes


def test_a_get_of_any_page_of_the_run_writes_nothing(client, frames):
    run = _start(client)
    _call(client, run, 1, **RIGHT_CALLS[0])
    urls = [
        reverse("frames:picker"),
        reverse("frames:run", args=[run.pk]),
        _stroke(run, 1),
        _stroke(run, 2),
        reverse("frames:summary", args=[run.pk]),
    ]
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        sql = [q["sql"].split()[0] for q in queries]
        assert not {"INSERT", "UPDATE", "DELETE"} & set(sql), url


def test_a_wrong_call_and_a_wrong_score_are_graded_at_once_with_how_the_score_ran(client, frames):
    run = _start(client)
    _call(client, run, 1, **RIGHT_CALLS[0])
    wrong = {**RIGHT_CALLS[1], "calls": ["foul"], "scores": {"A": 41, "B": 38}}
    response = _call(client, run, 2, **wrong)
    assert response.status_code == 302 and response["Location"] == _stroke(run, 2)
    call = FrameCall.objects.get(run=run, number=2)
    assert call.parts == {
        "legal": True,
        "penalty": True,
        "calls": False,
        "next_striker": True,
        "next_options": True,
        "scores": False,
    }
    html = client.get(_stroke(run, 2)).content.decode()
    assert "Partly right" in html and "referee's reasoning" in html
    assert "How the score should have run" in html
    row = re.search(r"<th scope=\"row\"[^>]*>B</th>(.*?)</tr>", html, re.S).group(1)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    assert [re.sub("<[^>]+>", "", c).strip() for c in cells[:3]] == ["32", "7", "39"]
    assert "38" in cells[3]
    assert _stroke(run, 3) in html  # on to the next stroke


def test_a_right_score_shows_no_score_table(client, frames):
    run = _start(client)
    _call(client, run, 1, **RIGHT_CALLS[0])
    html = client.get(_stroke(run, 1)).content.decode()
    assert "Right!" in html and "How the score should have run" not in html


def test_a_stroke_is_called_once_and_an_incomplete_call_is_refused(client, frames):
    run = _start(client)
    incomplete = _call(client, run, 1, legal="fair")
    assert incomplete.status_code == 400
    assert "Some calls are missing" in incomplete.content.decode()
    other = client.post(_stroke(run, 1), call_data(2, **RIGHT_CALLS[0]))
    assert other.status_code == 400  # a call sent for another stroke
    assert not FrameCall.objects.exists()
    _call(client, run, 1, **RIGHT_CALLS[0])
    again = _call(client, run, 1, **{**RIGHT_CALLS[0], "legal": "foul"})
    assert again.status_code == 302
    assert FrameCall.objects.get(run=run, number=1).parts["legal"] is True  # the first stands


def test_the_summary_gives_the_share_right_by_kind_and_where_the_score_went_wrong(client, frames):
    run = _start(client)
    early = client.get(reverse("frames:summary", args=[run.pk]))
    assert early.status_code == 302  # not before the end
    _call(client, run, 1, **RIGHT_CALLS[0])
    _call(client, run, 2, **{**RIGHT_CALLS[1], "calls": ["foul"], "scores": {"A": 41, "B": 38}})
    _call(client, run, 3, **{**RIGHT_CALLS[2], "scores": {"A": 41, "B": 40}})
    response = _call(client, run, 4, **RIGHT_CALLS[3])
    run.refresh_from_db()
    assert run.finished and run.position == 4
    html = client.get(_stroke(run, 4)).content.decode()
    assert reverse("frames:summary", args=[run.pk]) in html  # the last stroke leads there
    summary = client.get(reverse("frames:summary", args=[run.pk])).content.decode()
    text = re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", summary))
    # 24 parts, three wrong: 21/24 = 88 %; calls 3 of 4, the score 2 of 4.
    assert "You called 4 strokes; 88% of your calls were right." in text
    assert "Calls 3 4 75%" in text and "Score after the stroke 2 4 50%" in text
    assert "Foul or fair 4 4 100%" in text
    assert "The score first went wrong at stroke 2 ." in text
    assert response.status_code == 302


def test_a_run_is_its_owners_only(client, frames):
    run = _start(client)  # an anonymous visitor's, kept by his session
    assert client.get(_stroke(run, 1)).status_code == 200
    other = type(client)()
    assert other.get(_stroke(run, 1)).status_code == 404
    trainee = get_user_model().objects.create_user("t1", password="pw-for-tests-1")
    other.force_login(trainee)
    own = _start(other)
    assert own.user == trainee
    assert client.get(_stroke(own, 1)).status_code == 404
    stranger = type(client)()
    stranger.force_login(get_user_model().objects.create_user("t2", password="pw-for-tests-2"))
    assert stranger.get(_stroke(own, 1)).status_code == 404
    assert stranger.post(_stroke(own, 1), call_data(1, **RIGHT_CALLS[0])).status_code == 404


def test_often_missed_kinds_bring_practice_questions_of_that_kind_to_review(client, frames, bank):
    trainee = get_user_model().objects.create_user("t3", password="pw-for-tests-3")
    client.force_login(trainee)
    run = _start(client)
    for number, right in enumerate(RIGHT_CALLS, start=1):
        # the penalty said wrongly on every stroke: often missed
        _call(client, run, number, **{**right, "penalty": 5})
    cards = ReviewCard.objects.filter(user=trainee).select_related("scenario")
    assert cards and {card.scenario.ask for card in cards} == {"penalty"}
    review = client.get(reverse("quiz:review")).content.decode()
    assert cards[0].scenario.title in review


def test_an_anonymous_visitors_review_is_kept_in_his_session(client, frames, bank):
    run = _start(client)
    for number, right in enumerate(RIGHT_CALLS, start=1):
        _call(client, run, number, **{**right, "scores": {"A": 0, "B": 0}})
    cards = client.session["quiz_review_cards"]
    asks = {bank_scenario.ask for bank_scenario in bank.values() if str(bank_scenario.pk) in cards}
    assert asks == {"points"}


def test_the_progress_page_counts_frames_refereed(client, frames):
    trainee = get_user_model().objects.create_user("t4", password="pw-for-tests-4")
    client.force_login(trainee)
    empty = client.get(reverse("quiz:progress")).content.decode()
    assert "Frames refereed" in empty and "You have not refereed a frame yet." in empty
    run = _start(client)
    _call(client, run, 1, **RIGHT_CALLS[0])
    text = re.sub(
        r"\s+", " ", re.sub("<[^>]+>", " ", client.get(reverse("quiz:progress")).content.decode())
    )
    assert "Frames finished: 0 of 1 started; strokes called: 1." in text
