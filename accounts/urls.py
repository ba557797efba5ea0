"""Accounts: sign up and verify the address; log in, log out and reset the password
with Django's own views."""

from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("verify/resend/", views.verify_email_resend, name="verify_email_resend"),
    path("verify/<str:uidb64>/<str:token>/", views.verify_email, name="verify_email"),
    path(
        "verify/<str:uidb64>/<str:token>/confirm/",
        views.verify_email_confirm,
        name="verify_email_confirm",
    ),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("unlock/", views.unlock_request, name="unlock_request"),
    path("unlock/<str:token>/", views.unlock, name="unlock"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password/reset/",
        views.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<str:uidb64>/<str:token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
