"""What verifiers fetch, in no language: issuer profiles, public keys, status lists.

These addresses are written into signed credentials: never change them.
"""

from django.urls import path

from . import views

app_name = "credentials_api"

urlpatterns = [
    path("issuers/<slug:slug>", views.issuer, name="issuer"),
    path("issuers/<slug:slug>/keys/<str:kid>", views.public_key, name="key"),
    path("issuers/<slug:slug>/status/<int:number>", views.status_list, name="status_list"),
]
