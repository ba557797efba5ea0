app_name = "exams"
urlpatterns: list = []
