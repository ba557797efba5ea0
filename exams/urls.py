"""Exams: candidates (invitation, attempt, result), examiners (manage), anyone (verify)."""

from django.urls import path

from . import views

app_name = "exams"

urlpatterns = [
    path("", views.home, name="index"),
    path("invitation/<str:token>/", views.invitation, name="invitation"),
    path("enrolment/<int:enrolment_id>/", views.enrolment, name="enrolment"),
    path("attempt/<int:attempt_id>/", views.attempt, name="attempt"),
    path("attempt/<int:attempt_id>/question/<int:position>/", views.question, name="question"),
    path("attempt/<int:attempt_id>/question/<int:position>/flag/", views.flag, name="flag"),
    path("attempt/<int:attempt_id>/submit/", views.submit, name="submit"),
    path("attempt/<int:attempt_id>/result/", views.result, name="result"),
    path("certificate/<str:code>/pdf/", views.certificate_pdf, name="certificate_pdf"),
    path("verify/", views.verify, name="verify"),
    path("verify/<str:code>/", views.verify_code, name="verify_code"),
    path("verify/<str:code>/qr.svg", views.verify_qr, name="verify_qr"),
    path("manage/", views.manage, name="manage"),
    path("manage/new/", views.exam_edit, name="exam_create"),
    path("manage/<int:exam_id>/", views.exam_detail, name="exam_detail"),
    path("manage/<int:exam_id>/edit/", views.exam_edit, name="exam_edit"),
    path("manage/<int:exam_id>/enrol/", views.enrol, name="enrol"),
    path("manage/<int:exam_id>/enrol/csv/", views.enrol_csv, name="enrol_csv"),
    path("manage/<int:exam_id>/results/", views.results, name="results"),
    path("manage/<int:exam_id>/results.csv", views.results_csv, name="results_csv"),
    path("manage/<int:exam_id>/statistics/", views.item_statistics, name="statistics"),
    path("manage/<int:exam_id>/regrade/", views.regrade, name="regrade"),
    path("manage/<int:exam_id>/invitations.csv", views.invitations_csv, name="invitations_csv"),
    path(
        "manage/<int:exam_id>/invitations/send/", views.send_invitations, name="send_invitations"
    ),
    path(
        "manage/enrolment/<int:enrolment_id>/invitation/send/",
        views.send_invitation,
        name="send_invitation",
    ),
    path(
        "manage/enrolment/<int:enrolment_id>/invitation/new/",
        views.reissue_invitation,
        name="reissue_invitation",
    ),
    path(
        "manage/enrolment/<int:enrolment_id>/extra-time/", views.extra_time, name="extra_time"
    ),
    path(
        "manage/enrolment/<int:enrolment_id>/language/",
        views.enrolment_language,
        name="enrolment_language",
    ),
    path("manage/attempt/<int:attempt_id>/", views.attempt_detail, name="attempt_detail"),
    path("manage/certificates/", views.certificates, name="certificates"),
    path("manage/certificates/<str:code>/revoke/", views.revoke, name="revoke"),
    path("manage/audit/", views.audit, name="audit"),
]
