from django.urls import path

from quiz import views

app_name = "quiz"

urlpatterns = [
    path("", views.home, name="home"),
    path("topics/", views.topic_list, name="topics"),
    path("practice/<slug:topic>/", views.practice_topic, name="practice_topic"),
    path("practice/<slug:topic>/<slug:scenario>/", views.practice, name="practice"),
    path(
        "practice/<slug:topic>/<slug:scenario>/answer/<uuid:token>/",
        views.practice_answer,
        name="practice_answer",
    ),
    path(
        "generated/<slug:family>/another/", views.another_like_this, name="another_like_this"
    ),
    path("self-test/", views.self_test_start, name="self_test_start"),
    path("self-test/<uuid:test_id>/", views.self_test, name="self_test"),
    path(
        "self-test/<uuid:test_id>/<int:position>/",
        views.self_test_question,
        name="self_test_question",
    ),
    path("self-test/<uuid:test_id>/result/", views.self_test_result, name="self_test_result"),
    path("progress/", views.progress, name="progress"),
    path("review/", views.review, name="review"),
    path("review/mistakes/<slug:topic>/", views.retry_mistakes, name="retry_mistakes"),
    path("practice-edition/", views.choose_edition, name="choose_edition"),
    path("what-changed/", views.what_changed, name="what_changed"),
]
