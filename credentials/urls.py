"""Credentials for people: downloads, the verification page, renewals."""

from django.urls import path

from . import views

app_name = "credentials"

urlpatterns = [
    path("certificate/<str:code>/credential.json", views.credential_json, name="json"),
    path("certificate/<str:code>/badge.svg", views.badge_svg, name="badge"),
    path("verify/", views.verify, name="verify"),
    path("manage/renewals/", views.renewals, name="renewals"),
]
