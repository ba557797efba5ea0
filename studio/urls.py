"""The scenario studio, mounted at /<lang>/author/."""

from django.urls import path

from studio import family_views, views

app_name = "studio"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("verdict/", views.verdict, name="verdict"),
    path("preview/", views.preview, name="preview"),
    path("authors/", views.authors, name="authors"),
    path("invitations/", views.invitations, name="invitations"),
    path("<int:pk>/", views.edit, name="edit"),
    path("<int:pk>/publish/", views.publish, name="publish"),
    path("scenario/<slug:slug>/edit/", views.edit_scenario, name="edit_scenario"),
    path("pool/<slug:federation>/export/", views.export, name="export"),
    path("pool/<slug:federation>/import/", views.import_fixture, name="import"),
    # Scenario families (issue 21): made from a draft or a bank scenario.
    path("<int:pk>/family/", family_views.from_draft, name="family_from_draft"),
    path("scenario/<slug:slug>/family/", family_views.from_scenario, name="family_from_scenario"),
    path("families/<int:pk>/", family_views.edit, name="family_edit"),
    path("families/<int:pk>/json/", family_views.save_json, name="family_json"),
    path("families/<int:pk>/preview/", family_views.preview, name="family_preview"),
    path("families/<int:pk>/publish/", family_views.publish, name="family_publish"),
]
