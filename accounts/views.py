"""Thin views: sign up, verify the address, resend the link; Django's own for the rest."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import backends, mail_limits, selectors, services, unlocking
from .forms import SignUpForm, UnlockRequestForm, VerifiedPasswordResetForm
from .tokens import verification_token


def too_many_from_client() -> str:
    return _("Too many mails were asked from your connection in the last hour. "
             "Try again later.")


def too_many_to_address() -> str:
    return _("Too many mails went to this address in the last hour. Try again later.")


def _send_link(request: HttpRequest, user: object) -> None:
    uidb64, token = services.verification_path(user=user)
    link = request.build_absolute_uri(reverse("verify_email", args=[uidb64, token]))
    services.send_verification(user=user, link=link)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(data=request.POST or None)
    if request.method == "POST" and form.is_valid() and _mail_allowed(form, request):
        try:
            user = services.sign_up(
                username=form.cleaned_data["username"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
            )
        except services.UsernameTaken:
            form.add_error(
                "username",
                get_user_model()._meta.get_field("username").error_messages["unique"],
            )
        else:
            login(request, user, backend=backends.PATH)
            _send_link(request, user)
            messages.success(
                request,
                _(
                    "Welcome! Your progress is now kept across visits. We have sent a link "
                    "to %(email)s: open it to confirm your address."
                )
                % {"email": form.cleaned_data["email"]},
            )
            return redirect("quiz:home")
    return render(
        request,
        "registration/signup.html",
        {"form": form},
        status=400 if request.method == "POST" else 200,
    )


def _mail_allowed(form: SignUpForm, request: HttpRequest) -> bool:
    """A sign-up mails its address: within this client's and this address's allowance."""
    if not mail_limits.take_client_turn(request=request):
        form.add_error(None, too_many_from_client())
        return False
    if not mail_limits.take_address_turn(email=form.cleaned_data["email"]):
        form.add_error("email", too_many_to_address())
        return False
    return True


def _verification_refusal(request: HttpRequest, user: Any, token: str) -> HttpResponse | None:
    """Why this visitor may not confirm with this link (a page), or ``None`` when he may.

    Only the account the link names may confirm it: an owner who opens a link he did not
    ask for, while signed in as himself, sees whose account it is and confirms nothing.
    """
    if user is None or not verification_token.check_token(user, token):
        return render(request, "registration/verify_email.html", {"valid": False}, status=400)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if request.user.pk != user.pk:
        return render(
            request, "registration/verify_email.html",
            {"valid": True, "account": user, "other_account": True}, status=403,
        )
    return None


@require_GET
def verify_email(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """The link from the verification mail: a page naming the account, whose button confirms.

    A GET never writes, so the link shows a button that confirms (mail scanners that
    open links confirm nothing).
    """
    user = selectors.user_from_uid(uidb64=uidb64)
    refusal = _verification_refusal(request, user, token)
    if refusal is not None:
        return refusal
    return render(
        request,
        "registration/verify_email.html",
        {
            "valid": True,
            "account": user,
            "email": user.email_address.email,
            "verified": selectors.is_verified(user=user),
            "uidb64": uidb64,
            "token": token,
        },
    )


@require_POST
def verify_email_confirm(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    user = selectors.user_from_uid(uidb64=uidb64)
    refusal = _verification_refusal(request, user, token)
    if refusal is not None:
        return refusal
    if not services.verify_address(user=user, token=token):
        return render(
            request, "registration/verify_email.html", {"valid": False}, status=400
        )
    messages.success(request, _("Your address %(email)s is confirmed.") % {
        "email": user.email_address.email
    })
    return redirect("quiz:home")


@login_required
@require_POST
def verify_email_resend(request: HttpRequest) -> HttpResponse:
    if getattr(request.user, "email_address", None) is None or selectors.is_verified(
        user=request.user
    ):
        messages.info(request, _("There is no address to confirm."))
        return redirect("quiz:home")
    if not mail_limits.may_mail(request=request, email=request.user.email_address.email):
        messages.error(request, too_many_to_address())
        return redirect("quiz:home")
    _send_link(request, request.user)
    messages.success(
        request,
        _("We have sent a new link to %(email)s.") % {"email": request.user.email_address.email},
    )
    return redirect("quiz:home")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's, within the mail allowances. Past the address's, the page is the same as
    when a mail went (and as when no account has the address): nothing is revealed."""

    form_class = VerifiedPasswordResetForm
    # Baize's own mail, in the site's register and the reader's language, signed Baize
    # (Django's default is signed with the host name and says nothing of Baize).
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    @property
    def extra_email_context(self) -> dict[str, Any]:  # type: ignore[override]
        """How many days the link works (Django's PASSWORD_RESET_TIMEOUT, in seconds)."""
        return {"days": max(1, settings.PASSWORD_RESET_TIMEOUT // (24 * 60 * 60))}

    def form_valid(self, form: VerifiedPasswordResetForm) -> HttpResponse:
        if not mail_limits.take_client_turn(request=self.request):
            form.add_error(None, too_many_from_client())
            return self.render_to_response(self.get_context_data(form=form), status=429)
        if not mail_limits.take_address_turn(email=form.cleaned_data["email"]):
            return redirect(self.get_success_url())
        return super().form_valid(form)


# --- unlocking an account locked by failed logins ---------------------------------------


@require_http_methods(["GET", "POST"])
def unlock_request(request: HttpRequest) -> HttpResponse:
    """The locked-out owner names his account; a link goes to its confirmed address.

    The answer is the same whether the account exists, can be mailed, or is past its
    address's allowance: it tells nobody which names or addresses have accounts.
    """
    form = UnlockRequestForm(data=request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not mail_limits.take_client_turn(request=request):
            form.add_error(None, too_many_from_client())
            return render(request, "registration/unlock_request.html", {"form": form}, status=429)
        user = unlocking.account_named(name=form.cleaned_data["name"])
        email = unlocking.mail_address(user=user) if user is not None else None
        if email and mail_limits.take_address_turn(email=email):
            token = unlocking.issue_unlock_link(user=user)
            link = request.build_absolute_uri(reverse("unlock", args=[token]))
            unlocking.send_unlock_link(
                user=user, email=email, link=link, language=translation.get_language()
            )
        return render(request, "registration/unlock_request.html", {"sent": True})
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/unlock_request.html", {"form": form}, status=status)


@never_cache
@require_http_methods(["GET", "POST"])
def unlock(request: HttpRequest, token: str) -> HttpResponse:
    """The mailed link: a page naming the account, whose button unlocks it and signs in.

    A GET never writes (mail scanners open links).
    """
    if request.method == "POST":
        user = unlocking.unlock(token=token)
        if user is not None:
            login(request, user, backend=backends.PATH)
            messages.success(request, _("Your account is unlocked, and you are signed in."))
            return redirect("quiz:home")
        link = None
    else:
        link = unlocking.valid_link(token=token)
    return render(
        request, "registration/unlock.html", {"link": link}, status=200 if link else 400
    )
