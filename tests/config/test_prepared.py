"""Querysets compiled once (config/prepared.py) give what the ORM gives, query for query."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, models
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from accounts.models import Session
from config.prepared import PreparedQuery
from quiz.models import Scenario, Topic

pytestmark = pytest.mark.django_db
ORDER = Topic._meta.get_field("order")


def by_topic_order(order):
    return (
        Scenario.objects.filter(topic__order=order)
        .select_related("topic")
        .only("slug", "difficulty", "topic__slug", "topic__title")
        .order_by("slug")
    )


@pytest.fixture
def bank():
    for n, order in enumerate([3, 3, 7]):
        topic, _ = Topic.objects.get_or_create(
            slug=f"topic-{order}",
            defaults={"order": order, "title_en": f"Topic {order}", "title_fr": f"Sujet {order}"},
        )
        Scenario.objects.create(
            slug=f"scenario-{n}",
            topic=topic,
            difficulty=n + 1,
            ask="foul",
            title_en=f"Scenario {n}",
            case={},
        )


def test_model_rows_are_the_orms_with_related_objects_and_deferred_fields(bank):
    prepared = PreparedQuery(by_topic_order, order=ORDER)
    for order in (3, 7, 5):
        expected = list(by_topic_order(order))
        found = prepared(order=order)
        assert [s.pk for s in found] == [s.pk for s in expected]
        for mine, theirs in zip(found, expected, strict=True):
            assert mine.get_deferred_fields() == theirs.get_deferred_fields()
            assert (mine.slug, mine.difficulty) == (theirs.slug, theirs.difficulty)
            assert not mine._state.adding and mine._state.db == "default"
            with CaptureQueriesContext(connection) as queries:
                assert (mine.topic.slug, mine.topic.title) == (
                    theirs.topic.slug,
                    theirs.topic.title,
                )
            assert len(queries) == 0, "the topic came with the scenario"


@pytest.fixture
def sessions(django_user_model):
    now = timezone.now()
    user = django_user_model.objects.create_user("sędzia")
    for n, user_or_none in enumerate([user, None, user]):
        Session.objects.create(
            session_key=f"{n}" * 32,
            session_data="x",
            user=user_or_none,
            expire_date=now + timedelta(hours=n),
        )
    return now


WHEN = Session._meta.get_field("expire_date")


def test_values_list_rows_are_the_orms_through_its_converters(sessions):
    def build(when):
        return (
            Session.objects.filter(expire_date__gte=when)
            .order_by("session_key")
            .values_list("session_key", "user__username", "expire_date")
        )

    prepared = PreparedQuery(build, when=WHEN)
    for hours in (-1, 1, 5):
        when = sessions + timedelta(hours=hours)
        assert prepared(when=when) == list(build(when))
    assert prepared(when=sessions)[1][1] is None, "no user: a null, as the ORM reads it"


def test_the_language_decides_the_translated_columns(bank):
    def build(order):
        return Topic.objects.filter(order=order, title="Sujet 3")

    prepared = PreparedQuery(build, order=ORDER)
    with translation.override("fr"):
        assert [t.slug for t in prepared(order=3)] == [t.slug for t in build(3)] == ["topic-3"]
    with translation.override("en"):
        assert prepared(order=3) == list(build(3)) == []


def test_date_times_and_text_are_prepared_as_their_fields_prepare_them(sessions):
    prepared = PreparedQuery(
        lambda key, when: Session.objects.filter(session_key=key, expire_date__gt=when),
        key=Session._meta.get_field("session_key"),
        when=WHEN,
    )
    key = "1" * 32
    assert [s.pk for s in prepared(key=key, when=sessions)] == [key]
    assert prepared(key=key, when=sessions + timedelta(hours=1)) == []
    assert prepared(key="9" * 32, when=sessions) == []


def test_an_integer_beyond_the_column_reads_no_row_and_asks_nothing(bank):
    prepared = PreparedQuery(by_topic_order, order=ORDER)
    prepared(order=3)
    with CaptureQueriesContext(connection) as queries:
        assert prepared(order=10**30) == []
        assert prepared(order=-1) == []
    assert len(queries) == 0


def test_it_compiles_once_per_language(bank, monkeypatch):
    compiled = []
    as_sql = SQLCompiler.as_sql

    def counting(self, *args, **kwargs):
        compiled.append(self)
        return as_sql(self, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counting)
    prepared = PreparedQuery(by_topic_order, order=ORDER)
    with translation.override("en"):
        for order in (3, 7, 3):
            prepared(order=order)
    assert len(compiled) == 1
    with translation.override("fa"):
        prepared(order=3)
    assert len(compiled) == 2


def test_a_value_the_query_does_not_take_is_refused(bank):
    prepared = PreparedQuery(lambda order: Topic.objects.all(), order=ORDER)
    with pytest.raises(ImproperlyConfigured):
        prepared(order=3)
    with pytest.raises(TypeError):
        PreparedQuery(by_topic_order, order=ORDER)(slug="x")
    with pytest.raises(ImproperlyConfigured, match="values_list"):
        # modeltranslation reads a translated model's values with fallbacks of its own
        PreparedQuery(
            lambda order: Topic.objects.filter(order=order).values_list("slug"), order=ORDER
        )(order=3)
    with pytest.raises(ImproperlyConfigured, match="values"):
        PreparedQuery(lambda x: Topic.objects.filter(order__gt=x), x=models.FloatField())(x=1.5)
