""""A new frame" on the picker: the generator plays a frame for one trainee, and his run starts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from frames.models import Frame, FrameRun

pytestmark = pytest.mark.django_db

NEW = {"new-edition": "wpbsa-2014", "new-style": "club", "new-length": "short"}


def _new(client, **changes):
    return client.post(reverse("frames:generate"), {**NEW, **changes})


def test_the_picker_offers_a_new_frame_with_its_form(client, frames):
    html = client.get(reverse("frames:picker")).content.decode()
    assert f'action="{reverse("frames:generate")}"' in html
    for name in NEW:
        assert f'name="{name}"' in html
    assert '<option value="wpbsa-2014">' in html and '<option value="club">' in html


def test_a_new_frame_is_generated_proved_stored_and_its_run_started(client, frames):
    response = _new(client)
    run = FrameRun.objects.get(frame__generated_seed__isnull=False)
    assert response.status_code == 302
    assert response["Location"] == reverse("frames:stroke", args=[run.pk, 1])
    frame = run.frame
    assert frame.published is False and frame.ruleset == "wpbsa-2014"
    assert frame.stroke_count == 20 == len(frame.data["strokes"])  # "short"
    assert frame.slug.startswith(f"generated-{frame.generated_seed}-")
    assert all("expect" not in step for step in frame.data["strokes"])  # no answer key stored
    page = client.get(response["Location"])
    assert page.status_code == 200 and 'name="legal"' in page.content.decode()


def test_a_long_new_frame_is_played_to_its_end(client, frames):
    _new(client, **{"new-length": "long", "new-style": "professional"})
    frame = Frame.objects.get(generated_seed__isnull=False)
    assert frame.stroke_count > 20 and frame.ruleset == "wpbsa-2014"


def test_a_get_of_the_new_frame_url_writes_nothing(client, frames):
    before = (Frame.objects.count(), FrameRun.objects.count())
    assert client.get(reverse("frames:generate"), NEW).status_code == 405
    assert (Frame.objects.count(), FrameRun.objects.count()) == before


@pytest.mark.parametrize(
    "changes",
    [{"new-edition": "wpbsa-1999"}, {"new-style": "fouls"}, {"new-length": "medium"},
     {"new-length": ""}],
)  # fmt: skip
def test_a_bad_value_is_refused_with_a_message_and_nothing_is_stored(client, frames, changes):
    before = (Frame.objects.count(), FrameRun.objects.count())
    response = _new(client, **changes)
    assert response.status_code == 302 and response["Location"] == reverse("frames:picker")
    page = client.get(response["Location"]).content.decode()
    assert "Choose an edition, the players and a length for the new frame." in page
    assert (Frame.objects.count(), FrameRun.objects.count()) == before


def test_a_new_frame_is_not_listed_nor_reachable_for_another_visitor(client, frames, django_user_model):
    _new(client)
    run = FrameRun.objects.get(frame__generated_seed__isnull=False)
    mine = client.get(reverse("frames:picker")).content.decode()
    assert f'href="{run.get_absolute_url()}">A new frame</a>' in mine  # his, to resume
    assert run.frame.slug not in mine.split("Frames you have started")[1].split("</section>")[1]
    other = django_user_model.objects.create_user("other", "other@example.org", "pw-12345678")
    client.logout()
    client.force_login(other)
    html = client.get(reverse("frames:picker")).content.decode()
    assert run.frame.slug not in html and str(run.pk) not in html
    assert html.count("Referee this frame") == len(frames)  # the bank only
    start = reverse("frames:start", kwargs={"frame": run.frame.slug})
    assert client.post(start).status_code == 404
    assert client.get(reverse("frames:stroke", args=[run.pk, 1])).status_code == 404


def test_a_client_generating_without_end_is_stopped_with_a_message(client, frames, settings):
    settings.FRAMES_GENERATED_PER_HOUR = 2
    for _ in range(2):
        assert "/run/" in _new(client)["Location"]
    refused = client.post(reverse("frames:generate"), NEW, follow=True)
    assert "many new frames this hour" in refused.content.decode()
    assert refused.redirect_chain[0][0] == reverse("frames:picker")
    assert Frame.objects.filter(generated_seed__isnull=False).count() == 2
