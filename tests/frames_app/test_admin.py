"""The admin reads frames and runs; frames come only from load_frames, never from a form."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    staff = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw-boss-12345")
    client.force_login(staff)
    return client


def test_staff_read_frames_but_cannot_add_one(staff_client, frames):
    listing = staff_client.get(reverse("admin:frames_frame_changelist"))
    assert listing.status_code == 200 and "positions-short" in listing.content.decode()
    change = reverse("admin:frames_frame_change", args=[frames["positions-short"].pk])
    assert staff_client.get(change).status_code == 200
    assert staff_client.get(reverse("admin:frames_frame_add")).status_code == 403


def test_staff_read_a_run_with_its_calls(staff_client, frames):
    from frames.models import FrameRun

    run = FrameRun.objects.create(frame=frames["positions-short"])
    page = staff_client.get(reverse("admin:frames_framerun_change", args=[run.pk]))
    assert page.status_code == 200
    assert staff_client.get(reverse("admin:frames_framerun_add")).status_code == 403


@pytest.fixture
def generated(frames):
    """A frame generated for one run ("A new frame"), beside the test bank's."""
    from frames.models import Frame, FrameRun

    frame = Frame.objects.create(
        slug="generated-4242", ruleset="wpbsa-2007", data={}, stroke_count=1,
        generated_seed=4242, published=False,
    )  # fmt: skip
    return FrameRun.objects.create(frame=frame).frame


def _listed(staff_client, query: str = "") -> str:
    response = staff_client.get(reverse("admin:frames_frame_changelist") + query)
    assert response.status_code == 200
    return response.content.decode()


def test_the_frame_list_shows_the_bank_unless_generated_frames_are_asked_for(
    staff_client, generated
):
    listing = _listed(staff_client)
    assert "positions-short" in listing and "generated-4242" not in listing
    assert "Scores level when the last black goes down" in listing  # a bank frame's title
    generated_only = _listed(staff_client, "?source=generated")
    assert "generated-4242" in generated_only and "positions-short" not in generated_only
    everything = _listed(staff_client, "?source=all")
    assert "generated-4242" in everything and "positions-short" in everything
    counted = _listed(staff_client, "?_facets=True")  # the admin's counts beside each choice
    assert "positions-short" in counted and "generated-4242" not in counted
    # A value not offered is the default, not an error.
    forged = _listed(staff_client, "?source=%00nonsense")
    assert "positions-short" in forged and "generated-4242" not in forged


def test_the_run_list_offers_only_the_banks_frames_to_filter_by(staff_client, frames, generated):
    response = staff_client.get(reverse("admin:frames_framerun_changelist"))
    assert response.status_code == 200
    page = response.content.decode()
    assert f'frame__id__exact={frames["positions-short"].pk}"' in page
    assert f'frame__id__exact={generated.pk}"' not in page  # no filter link for it
    assert str(generated.runs.get().pk) in page  # its run is listed all the same
    assert "?source=generated" in page


@pytest.mark.parametrize(
    "language, header",
    [("en", "Title"), ("fr", "Titre"), ("ru", "Название"), ("fa", "عنوان"), ("pl", "Tytuł")],
)
def test_the_frame_lists_title_column_is_the_frame_banks_word(
    staff_client, frames, language, header
):
    # Without its context, "title" is the project's heading word (Russian «Заголовок»).
    with translation.override(language):
        listing = staff_client.get(reverse("admin:frames_frame_changelist"))
    column = re.search(
        r'<th scope="col" class="[^"]*column-title[^"]*">(.*?)</th>', listing.content.decode(), re.S
    )
    assert column and re.sub(r"<[^>]+>|\s", "", column.group(1)) == header
