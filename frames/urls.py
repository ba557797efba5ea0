from django.urls import path

from frames import views

app_name = "frames"

urlpatterns = [
    path("", views.picker, name="picker"),
    path("new/", views.generate, name="generate"),
    path("<slug:frame>/start/", views.start, name="start"),
    path("run/<uuid:run_id>/", views.run, name="run"),
    path("run/<uuid:run_id>/stroke/<int:number>/", views.stroke, name="stroke"),
    path("run/<uuid:run_id>/stroke/<int:number>/choose/", views.choose, name="choose"),
    path("run/<uuid:run_id>/summary/", views.summary, name="summary"),
]
