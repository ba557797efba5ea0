"""URLs: every page carries its language (/fa/…).

set_language sits inside i18n_patterns too: posted from /fr/…, the page's own
language is active, so it can translate the ``next`` URL into the chosen one.
"""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

urlpatterns = i18n_patterns(
    path("i18n/setlang/", set_language, name="set_language"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("exams/", include("exams.urls")),
    path("author/", include("studio.urls")),
    path("credentials/", include("credentials.urls")),
    path("frames/", include("frames.urls")),
    path("", include("quiz.urls")),
    prefix_default_language=True,
)
# What credential verifiers fetch (issuer profiles, keys, status lists): in no language, at
# addresses that signed credentials name for good.
urlpatterns += [path("credentials/", include("credentials.api_urls"))]
