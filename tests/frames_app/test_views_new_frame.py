""" "A new frame" on the picker: the generator plays a frame for one trainee, and his run starts."""

from __future__ import annotations

import pytest
from django.urls import reverse

from frames.models import Frame, FrameRun
from tests.frames_app.conftest import RIGHT_CALLS, call_data

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


def test_a_new_frame_is_not_listed_nor_reachable_for_another_visitor(
    client, frames, django_user_model
):
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


# --- after a foul in a generated frame, the trainee chooses for the next player ---------------
# Seed 1, club, 2007, short: stroke 2 is B's foul; A may play or ask B to play again; the
# generator's own choice there is "play".
FOUL = 2


@pytest.fixture
def generated(client, django_user_model, frames):
    from frames import services

    user = django_user_model.objects.create_user("ref", "ref@example.org", "pw-12345678")
    client.force_login(user)
    run = services.start_generated_run(
        ruleset="wpbsa-2007", style="club", length="short", user=user, seed=1
    )
    for number in (1, FOUL):
        called = client.post(
            reverse("frames:stroke", args=[run.pk, number]),
            call_data(number, legal="fair", penalty=0, next_striker="A", scores={"A": 0, "B": 0}),
        )
        assert called.status_code == 302
    return run


def _choose(client, run, choice, number=FOUL):
    return client.post(reverse("frames:choose", args=[run.pk, number]), {"choice": choice})


def test_after_a_foul_the_trainee_chooses_and_the_frame_goes_on_from_his_choice(client, generated):
    page = client.get(reverse("frames:stroke", args=[generated.pk, FOUL])).content.decode()
    assert reverse("frames:choose", args=[generated.pk, FOUL]) in page
    assert 'value="offender_again"' in page and 'value="replace_offender_again"' not in page
    before = generated.frame.data["strokes"]
    response = _choose(client, generated, "offender_again")
    assert response["Location"] == reverse("frames:stroke", args=[generated.pk, FOUL + 1])
    frame = Frame.objects.get(pk=generated.frame.pk)
    strokes = frame.data["strokes"]
    assert strokes[: FOUL - 1] == before[: FOUL - 1]
    assert strokes[FOUL - 1]["choice"] == "offender_again"
    assert strokes[FOUL:] != before[FOUL:] and frame.stroke_count == len(strokes) <= 20
    assert all("expect" not in step for step in strokes)
    from frames.judging import frame_strokes

    judged = frame_strokes(frame)
    assert judged[FOUL].state["striker"] == judged[FOUL - 1].state["striker"]  # the offender again
    assert client.get(response["Location"]).status_code == 200


def test_a_choice_the_decision_does_not_give_is_refused_and_changes_nothing(client, generated):
    before = generated.frame.data
    response = _choose(client, generated, "replace_offender_again")
    assert response["Location"] == reverse("frames:stroke", args=[generated.pk, FOUL])
    assert "That choice cannot be made here" in client.get(response["Location"]).content.decode()
    assert Frame.objects.get(pk=generated.frame.pk).data == before


def test_no_choice_once_the_next_stroke_is_called_nor_in_a_bank_frame(client, generated, frames):
    client.post(
        reverse("frames:stroke", args=[generated.pk, FOUL + 1]),
        call_data(FOUL + 1, legal="fair", penalty=0, next_striker="A", scores={"A": 0, "B": 0}),
    )
    before = Frame.objects.get(pk=generated.frame.pk).data
    page = client.get(reverse("frames:stroke", args=[generated.pk, FOUL])).content.decode()
    assert "/choose/" not in page
    _choose(client, generated, "offender_again")
    assert Frame.objects.get(pk=generated.frame.pk).data == before
    bank_run = client.post(reverse("frames:start", kwargs={"frame": "positions-short"}))
    run = FrameRun.objects.latest("started_at")
    for number, calls in ((1, RIGHT_CALLS[0]), (2, RIGHT_CALLS[1])):
        client.post(reverse("frames:stroke", args=[run.pk, number]), call_data(number, **calls))
    assert bank_run.status_code == 302
    assert "/choose/" not in client.get(reverse("frames:stroke", args=[run.pk, 2])).content.decode()
    data = frames["positions-short"].data
    _choose(client, run, "offender_again")
    assert Frame.objects.get(slug="positions-short").data == data
