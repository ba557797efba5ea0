"""Progress charts: the numbers behind them, the SVG, the table beside it, five languages."""

from __future__ import annotations

import datetime
import re
import uuid
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone, translation

from quiz import charts, selectors, services
from quiz.models import PracticeAnswer, SelfTest, SelfTestAnswer

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
NOW = timezone.now()


@pytest.fixture
def trainee():
    return get_user_model().objects.create_user("chart-reader", password="x-Secret-123")


def answered(user, scenario, score, days_ago):
    stored = PracticeAnswer.objects.create(
        user=user, scenario=scenario, token=uuid.uuid4(), answer={}, score=score
    )
    when = NOW - datetime.timedelta(days=days_ago)
    PracticeAnswer.objects.filter(pk=stored.pk).update(answered_at=when)
    services.schedule_review(
        scenario=scenario, score=score, user=user, session_cards={}, now=when
    )


def test_accuracy_is_the_share_of_credit_per_topic_and_day(bank, trainee):
    answered(trainee, bank["t-legal-in-off"], 0.0, 2)
    answered(trainee, bank["t-calls-miss"], 1.0, 2)
    answered(trainee, bank["t-legal-in-off"], 1.0, 0)
    answered(trainee, bank["t-decision-pink"], 0.75, 0)
    test = SelfTest.objects.create(user=trainee, language="en", length=10, scenario_ids=[])
    SelfTestAnswer.objects.create(
        self_test=test, position=1, scenario=bank["t-penalty-in-off"], answer={}, score=0.0
    )
    days = selectors.accuracy_by_day(user=trainee)
    fouls = days[bank["t-legal-in-off"].topic_id]
    assert [(d.answered, d.accuracy) for d in fouls] == [(2, 0.5), (2, 0.5)]
    assert fouls[-1].day == timezone.localtime(NOW).date()
    assert [(d.answered, d.accuracy) for d in days[bank["t-decision-pink"].topic_id]] == [
        (1, 0.75)
    ]


def test_exam_only_answers_never_count(exam_bank, bank, trainee):
    exam_only = next(iter(exam_bank.values()))
    PracticeAnswer.objects.create(
        user=trainee, scenario=exam_only, token=uuid.uuid4(), answer={}, score=1.0
    )
    assert selectors.accuracy_by_day(user=trainee) == {}


def test_what_is_due_is_counted_now_within_a_week_and_later(bank, trainee):
    answered(trainee, bank["t-legal-in-off"], 0.0, 3)  # due after 10 minutes: now
    answered(trainee, bank["t-calls-miss"], 1.0, 0)  # a day or two: this week
    due = selectors.due_by_topic(user=trainee, session_cards={}, now=NOW)
    assert due[bank["t-legal-in-off"].topic_id] == charts.DueCounts(now=1, week=1, later=0)


def points(svg: str) -> list[tuple[float, float]]:
    root = ET.fromstring(str(svg))
    return [
        (float(c.get("cx")), float(c.get("cy")))
        for c in root.iter(f"{SVG}circle")
        if c.get("class") == "chart-point"
    ]


def test_the_line_rises_with_accuracy_and_time_runs_the_readers_way():
    days = [
        charts.DayAccuracy(datetime.date(2026, 1, 1), 2, 0.25),
        charts.DayAccuracy(datetime.date(2026, 1, 2), 4, 1.0),
    ]
    with translation.override("en"):
        left_to_right = points(charts.accuracy_svg(days))
    with translation.override("fa"):
        persian = charts.accuracy_svg(days)
    right_to_left = points(persian)
    assert left_to_right[0][0] < left_to_right[1][0]
    assert left_to_right[0][1] > left_to_right[1][1]  # higher accuracy, higher on the chart
    assert right_to_left[0][0] > right_to_left[1][0]
    assert "۲۵٪" in persian and 'direction="rtl"' in persian
    assert "۱۱ دی ۱۴۰۴" in persian  # 1 January 2026, Solar Hijri


def test_the_due_bar_is_split_in_proportion():
    svg = charts.due_svg(charts.DueCounts(now=3, week=1, later=0), labels=("a", "b", "c"))
    root = ET.fromstring(str(svg))
    widths = [
        float(r.get("width")) for r in root.iter(f"{SVG}rect") if r.get("class") == "due-segment"
    ]
    assert len(widths) == 2 and widths[0] == pytest.approx(3 * widths[1])


@pytest.mark.parametrize(
    "language, accuracy, due",
    [
        ("en", "50%", "Due now"),
        ("fr", "50\xa0%", "À revoir maintenant"),
        ("ru", "50\xa0%", "Повторить сейчас"),
        ("fa", "۵۰٪", "اکنون"),
        ("pl", "50%", "Teraz"),
    ],
)
def test_the_progress_page_gives_the_same_numbers_in_a_table(
    client, bank, trainee, language, accuracy, due
):
    answered(trainee, bank["t-legal-in-off"], 0.0, 0)
    answered(trainee, bank["t-calls-miss"], 1.0, 0)
    client.force_login(trainee)
    with translation.override(language):
        page = client.get(reverse("quiz:progress")).content.decode()
    section = re.search(
        r'<section class="panel chart-panel" aria-labelledby="chart-test-fouls">(.*?)</section>',
        page,
        re.S,
    ).group(1)
    assert 'class="chart accuracy-chart"' in section and 'aria-hidden="true"' in section
    table = re.search(r'<table class="visually-hidden">(.*?)</table>', section, re.S).group(1)
    assert f"<td>{accuracy}</td>" in table
    assert accuracy in section.split("<table")[0]  # the chart draws the same number
    assert f">{due}</th>" in section
    if language != "en":
        assert "Accuracy" not in section and "Due now" not in section
