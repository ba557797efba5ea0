"""Sign-up with a verified address, password reset, login throttling."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import EmailAddress
from accounts.selectors import verified_account

PASSWORD = "długie-hasło-42"


def url(name, language="en", *args):
    with translation.override(language):
        return reverse(name, args=args)


def sign_up(client, language="en", username="nowy", email="Nowy@Example.org"):
    return client.post(
        url("signup", language),
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
        follow=True,
    )


def link_in(message):
    return re.search(r"http://testserver(/\S+)", message.body).group(1)


def test_sign_up_signs_in_says_so_and_mails_a_verification_link(client, db):
    page = sign_up(client, "pl")
    user = get_user_model().objects.get(username="nowy")
    # signed in as the new account, on the home page, with the message in Polish
    assert page.redirect_chain[-1][0] == url("quiz:home", "pl")
    assert client.session["_auth_user_id"] == str(user.pk)
    assert page.context["user"] == user
    text = page.content.decode()
    assert "Witaj" in text and "nowy@example.org" in text
    # the address is kept unverified, and a link went to it, in Polish
    assert EmailAddress.objects.get(user=user).verified_at is None
    assert [message.to for message in mail.outbox] == [["nowy@example.org"]]
    assert link_in(mail.outbox[0]).startswith("/pl/accounts/verify/")
    assert "Potwierdź" in mail.outbox[0].subject


def test_the_verification_link_confirms_on_a_click_and_only_once(client, db):
    sign_up(client)
    user = get_user_model().objects.get(username="nowy")
    link = link_in(mail.outbox[0])
    client.logout()
    assert client.get(link).url.startswith(url("login"))  # only signed in as the account
    client.force_login(user)
    page = client.get(link)
    assert page.status_code == 200
    text = page.content.decode()
    assert ">nowy</strong>" in text and ">nowy@example.org</strong>" in text  # names both
    assert EmailAddress.objects.get(user=user).verified_at is None  # a GET writes nothing
    response = client.post(page.context["request"].path + "confirm/", follow=True)
    assert EmailAddress.objects.get(user=user).verified_at is not None
    assert "nowy@example.org is confirmed" in response.content.decode()
    assert verified_account(email="NOWY@example.org") == user
    assert client.post(link + "confirm/").status_code == 400  # used: dead


def test_the_owner_signed_in_as_himself_cannot_confirm_someone_elses_sign_up(client, db):
    """A squatter signs up with the owner's address; the owner, signed in, opens the mail."""
    sign_up(client, username="squatter", email="owner@example.org")
    link = link_in(mail.outbox[0])
    client.logout()
    owner = get_user_model().objects.create_user("owner", "owner@example.org", PASSWORD)
    client.force_login(owner)
    page = client.get(link)
    assert page.status_code == 403
    assert ">squatter</strong>" in page.content.decode()  # whose account the link is for
    assert client.post(link + "confirm/").status_code == 403
    client.logout()
    assert client.post(link + "confirm/").url.startswith(url("login"))
    assert not EmailAddress.objects.filter(verified_at__isnull=False).exists()


def test_the_true_owner_reclaims_an_address_another_account_confirmed(client, db):
    sign_up(client, username="squatter", email="owner@example.org")
    squatter = get_user_model().objects.get(username="squatter")
    client.post(link_in(mail.outbox[0]) + "confirm/")  # confirmed, say by a trick
    assert verified_account(email="owner@example.org") == squatter
    client.logout()
    sign_up(client, username="owner", email="owner@example.org")
    owner = get_user_model().objects.get(username="owner")
    confirmed = client.post(link_in(mail.outbox[1]) + "confirm/", follow=True)
    assert "owner@example.org is confirmed" in confirmed.content.decode()
    assert verified_account(email="owner@example.org") == owner
    assert EmailAddress.objects.get(user=squatter).verified_at is None


@pytest.mark.parametrize(
    "link", ["/en/accounts/verify/MQ/forged-token/", "/en/accounts/verify/!!/x-y/"]
)
def test_a_forged_verification_link_is_refused(client, db, link):
    sign_up(client)
    client.logout()
    response = client.get(link)
    assert response.status_code == 400
    assert "not valid" in response.content.decode()
    assert client.post(link + "confirm/").status_code == 400
    assert not EmailAddress.objects.filter(verified_at__isnull=False).exists()


def test_an_unverified_address_matches_no_account(client, db):
    sign_up(client)
    assert verified_account(email="nowy@example.org") is None


def test_a_user_name_is_never_an_address(client, db):
    response = client.post(
        url("signup"),
        {"username": "anna@example.org", "email": "anna@example.org",
         "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 400
    assert "not an email address" in response.content.decode()
    assert not get_user_model().objects.exists()
    assert mail.outbox == []


def test_sign_up_errors_are_shown_in_the_readers_language(client, db):
    sign_up(client)
    client.logout()
    response = client.post(
        url("signup", "fr"),
        {"username": "NOWY", "email": "pas-une-adresse", "password1": "a", "password2": "b"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert 'role="alert"' in page
    assert "existe déjà" in page  # the name is taken (case does not matter)
    assert "adresse e-mail valide" in page  # the site's word, not Django's « courriel »
    assert "_auth_user_id" not in client.session
    assert get_user_model().objects.count() == 1


def test_the_verification_mail_is_sent_again_on_demand(client, db):
    sign_up(client)
    response = client.post(url("verify_email_resend"), follow=True)
    assert len(mail.outbox) == 2
    assert "new link" in response.content.decode()


# --- password reset ----------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "fr", "ru", "fa", "pl"])
def test_password_reset_by_mail_in_every_language(client, db, language):
    user = get_user_model().objects.create_user("reader", "reader@example.org", "old-pass-1234")
    form = client.get(url("password_reset", language))
    assert form.status_code == 200
    response = client.post(url("password_reset", language), {"email": "reader@example.org"})
    assert response.url == url("password_reset_done", language)
    assert len(mail.outbox) == 1
    link = link_in(mail.outbox[0])
    assert link.startswith(f"/{language}/accounts/password/reset/")
    page = client.get(link, follow=True)
    assert page.context["validlink"]
    new = "nowe-hasło-5678"
    done = client.post(
        page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new}, follow=True
    )
    assert done.redirect_chain[-1][0] == url("password_reset_complete", language)
    user.refresh_from_db()
    assert user.check_password(new)
    if language != "en":
        assert "Password reset" not in form.content.decode()
        assert "Password reset" not in mail.outbox[0].subject


#: What Baize's own reset mail says in each language (its subject, a line of its body);
#: Django's default says "You're receiving this email", "Thanks for using our site!"
#: and signs "The testserver team".
RESET_MAIL = {
    "en": ("Reset your password on Baize", "The link works once, within 3 days."),
    "fr": ("Réinitialisez votre mot de passe sur Baize",
           "Le lien ne sert qu’une fois, dans un délai de 3 jours."),
    "ru": ("Восстановление пароля на Baize", "Ссылка действует один раз, в течение 3 дней."),
    "fa": ("ایجاد گذرواژهٔ جدید در Baize", "پیوند فقط یک بار و تا ۳ روز کار می‌کند."),
    "pl": ("Zresetuj hasło w Baize", "Link działa raz, w ciągu 3 dni."),
}


@pytest.mark.parametrize("language", ["en", "fr", "ru", "fa", "pl"])
def test_the_reset_mail_is_baizes_own_in_the_readers_language(client, db, language):
    get_user_model().objects.create_user("reader", "reader@example.org", "old-pass-1234")
    client.post(url("password_reset", language), {"email": "reader@example.org"})
    (message,) = mail.outbox
    subject, line = RESET_MAIL[language]
    assert message.subject == subject
    assert line in message.body
    assert message.body.count("reader") == 2  # greeted, and the account named
    assert message.body.rstrip().endswith("\nBaize")
    for default in ("testserver team", "Thanks for using our site", "You're receiving"):
        assert default not in message.body
    assert link_in(message).startswith(f"/{language}/accounts/password/reset/")


def test_the_verification_mail_is_signed_baize(client, db):
    sign_up(client)
    (message,) = mail.outbox
    assert message.body.rstrip().endswith("\nBaize")
    assert "testserver team" not in message.body


def test_no_reset_mail_for_an_account_without_a_password(client, db):
    from exams.services import link_only_account

    # an enrolment's own account has no address; one without a password gets no mail either
    assert link_only_account().email == ""
    user = get_user_model().objects.create_user("nopass", "nopass@example.org")
    assert not user.has_usable_password()
    client.post(url("password_reset"), {"email": "nopass@example.org"})
    assert mail.outbox == []


def test_no_reset_mail_to_a_signed_up_address_not_yet_verified(client, db):
    user = get_user_model().objects.create_user("squatter", "owner@example.org", "pass-1234-x")
    address = EmailAddress.objects.create(user=user, email="owner@example.org")
    client.post(url("password_reset"), {"email": "owner@example.org"})
    assert mail.outbox == []
    address.verified_at = timezone.now()
    address.save()
    client.post(url("password_reset"), {"email": "owner@example.org"})
    assert len(mail.outbox) == 1


# --- throttling ------------------------------------------------------------------------------


def fail_login(client, username, address="10.0.0.1"):
    return client.post(
        url("login"), {"username": username, "password": "wrong-password"}, REMOTE_ADDR=address
    )


def test_five_failures_lock_the_name_from_that_address_even_for_the_right_password(client, db):
    get_user_model().objects.create_user("victim", password="right-pass-1234")
    for _ in range(4):
        assert fail_login(client, "victim", "10.0.0.1").status_code == 200
    assert fail_login(client, "victim", "10.0.0.1").status_code == 429  # the fifth locks
    right = client.post(
        url("login", "fr"), {"username": "victim", "password": "right-pass-1234"},
        REMOTE_ADDR="10.0.0.1",
    )
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session
    assert "Trop de tentatives" in right.content.decode()


def test_a_stranger_elsewhere_cannot_lock_the_examiner_out(client, db):
    """Exam day: someone who knows the examiner's user name fails from his own address."""
    get_user_model().objects.create_user("examiner", password="right-pass-1234")
    for attempt in range(30):
        fail_login(client, "examiner", f"10.9.{attempt // 5}.{attempt}")  # several addresses
    for _ in range(10):
        fail_login(client, "examiner", "10.9.9.9")  # one address, again and again
    assert fail_login(client, "examiner", "10.9.9.9").status_code == 429  # he is locked
    examiner = client.post(
        url("login"), {"username": "examiner", "password": "right-pass-1234"},
        REMOTE_ADDR="192.0.2.10",
    )
    assert examiner.status_code == 302  # the examiner, from his own address, is not


def test_many_users_behind_one_proxy_are_not_all_locked(client, db, settings):
    """Five failures from the proxy's address lock only the names they tried."""
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 50
    users = get_user_model().objects
    for n in range(8):
        users.create_user(f"referee{n}", password="right-pass-1234")
    for _ in range(5):
        fail_login(client, "referee0", "10.0.0.7")
    for attempt in range(40):
        fail_login(client, f"guess-{attempt}", "10.0.0.7")
    locked = client.post(
        url("login"), {"username": "referee0", "password": "right-pass-1234"},
        REMOTE_ADDR="10.0.0.7",
    )
    assert locked.status_code == 429
    for n in range(1, 8):
        client.logout()
        other = client.post(
            url("login"), {"username": f"referee{n}", "password": "right-pass-1234"},
            REMOTE_ADDR="10.0.0.7",
        )
        assert other.status_code == 302, n


def test_an_address_is_locked_after_its_higher_bar_of_failures(client, db, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 12
    get_user_model().objects.create_user("someone", password="right-pass-1234")
    for attempt in range(11):
        assert fail_login(client, f"guess-{attempt}", "10.0.0.7").status_code == 200
    assert fail_login(client, "guess-11", "10.0.0.7").status_code == 429  # the twelfth
    response = client.post(
        url("login"), {"username": "someone", "password": "right-pass-1234"},
        REMOTE_ADDR="10.0.0.7",
    )
    assert response.status_code == 429
    # from another address, the account is not locked
    other = client.post(
        url("login"), {"username": "someone", "password": "right-pass-1234"},
        REMOTE_ADDR="10.0.0.8",
    )
    assert other.status_code == 302


def test_behind_proxies_the_address_is_the_one_the_trusted_proxy_saw(client, db, monkeypatch):
    """With TRUSTED_PROXY_COUNT=1, two clients behind the balancer are two addresses."""
    monkeypatch.setenv("TRUSTED_PROXY_COUNT", "1")
    get_user_model().objects.create_user("anna", password="right-pass-1234")
    for _ in range(5):
        client.post(url("login"), {"username": "anna", "password": "wrong"},
                    REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.1")
    anna = client.post(url("login"), {"username": "anna", "password": "right-pass-1234"},
                       REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert anna.status_code == 302


def test_four_failures_then_the_right_password_signs_in(client, db):
    get_user_model().objects.create_user("careful", password="right-pass-1234")
    for _ in range(4):
        fail_login(client, "careful")
    response = client.post(
        url("login"), {"username": "careful", "password": "right-pass-1234"},
        REMOTE_ADDR="10.0.0.1",
    )
    assert response.status_code == 302


def test_staff_unlock_an_account_in_the_admin(client, admin_client, db):
    from axes.models import AccessAttempt

    examiner = get_user_model().objects.create_user("examiner", password="right-pass-1234")
    for _ in range(5):
        fail_login(client, "examiner", "10.0.1.1")
    assert AccessAttempt.objects.filter(username="examiner").exists()
    changelist = admin_client.get("/en/admin/axes/accessattempt/")
    assert changelist.status_code == 200 and "examiner" in changelist.content.decode()
    ids = list(AccessAttempt.objects.filter(username="examiner").values_list("pk", flat=True))
    admin_client.post(
        "/en/admin/axes/accessattempt/",
        {"action": "delete_selected", "_selected_action": ids, "post": "yes"},
    )
    assert not AccessAttempt.objects.filter(username="examiner").exists()
    response = client.post(
        url("login"), {"username": "examiner", "password": "right-pass-1234"},
        REMOTE_ADDR="10.0.1.1",
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(examiner.pk)


def test_an_over_long_user_name_is_a_wrong_login_and_still_counted(client, db):
    """The throttling tables hold 255 characters: a longer name is cut, never a 500."""
    from axes.models import AccessAttempt

    name = "x" * 5000
    for _ in range(4):
        assert fail_login(client, name, "10.0.1.9").status_code == 200
    assert fail_login(client, name, "10.0.1.9").status_code == 429  # the fifth locks
    assert {len(row.username) for row in AccessAttempt.objects.all()} == {255}


# --- mail allowances ---------------------------------------------------------------------


def test_twenty_password_resets_for_one_address_send_three_mails(client, db):
    get_user_model().objects.create_user("reader", "reader@example.org", "old-pass-1234")
    pages = [
        client.post(url("password_reset"), {"email": "reader@example.org"},
                    REMOTE_ADDR=f"10.2.0.{attempt}")
        for attempt in range(20)
    ]
    assert len(mail.outbox) == 3
    # every answer the same redirect, with the mail or without
    assert {(page.status_code, page.url) for page in pages} == {(302, url("password_reset_done"))}


def test_a_reset_for_an_address_without_account_looks_the_same_and_counts_the_same(client, db):
    """Whether an account has the address never shows, not even past the allowance."""
    get_user_model().objects.create_user("reader", "reader@example.org", "old-pass-1234")
    answers = {}
    for email in ("reader@example.org", "nobody@example.org"):
        answers[email] = [
            (page.status_code, page.url)
            for page in (
                client.post(url("password_reset"), {"email": email}, REMOTE_ADDR=f"10.3.0.{n}")
                for n in range(5)
            )
        ]
    assert answers["reader@example.org"] == answers["nobody@example.org"]


def test_one_client_asking_resets_for_many_addresses_is_stopped(client, db):
    for n in range(10):
        client.post(url("password_reset"), {"email": f"a{n}@example.org"}, REMOTE_ADDR="10.4.0.1")
    refused = client.post(url("password_reset", "pl"), {"email": "b@example.org"},
                          REMOTE_ADDR="10.4.0.1")
    assert refused.status_code == 429
    assert "Spróbuj ponownie" in refused.content.decode()
    # another client is not stopped
    other = client.post(url("password_reset"), {"email": "b@example.org"}, REMOTE_ADDR="10.4.0.2")
    assert other.status_code == 302


def test_twenty_resends_of_the_verification_link_send_three_mails_in_all(client, db):
    sign_up(client)
    for _ in range(20):
        client.post(url("verify_email_resend"))
    assert len(mail.outbox) == 3  # the sign-up's and two more
    page = client.post(url("verify_email_resend", "fr"), follow=True)
    assert "Trop de messages" in page.content.decode()


def test_twenty_sign_ups_naming_one_address_send_three_mails(client, db):
    for n in range(20):
        client.logout()
        page = client.post(
            url("signup"),
            {"username": f"nowy{n}", "email": "target@example.org",
             "password1": PASSWORD, "password2": PASSWORD},
            REMOTE_ADDR=f"10.5.0.{n}",
        )
    assert len(mail.outbox) == 3
    assert get_user_model().objects.count() == 3
    assert page.status_code == 400
    assert "Too many mails went to this address" in page.content.decode()


def test_one_client_signing_up_many_addresses_is_stopped(client, db):
    for n in range(11):
        client.logout()
        page = client.post(
            url("signup"),
            {"username": f"nowy{n}", "email": f"n{n}@example.org",
             "password1": PASSWORD, "password2": PASSWORD},
            REMOTE_ADDR="10.6.0.1",
        )
    assert len(mail.outbox) == 10
    assert "from your connection" in page.content.decode()
