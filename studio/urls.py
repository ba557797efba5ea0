"""The scenario studio, mounted at /<lang>/author/."""

from django.urls import path

from studio import views

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
]
