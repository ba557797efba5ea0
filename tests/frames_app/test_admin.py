"""The admin reads frames and runs; frames come only from load_frames, never from a form."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

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
