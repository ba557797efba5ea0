"""Production hardening: `check --deploy` is clean, HTTPS and HSTS, the proxy header,
a strict Content-Security-Policy, email read from the environment."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]

#: The production settings docs/deployment.md documents (its "Production settings" block),
#: with a made-up key.
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k7Qv1c8mX2-a9F0pLr3ZtYw6uNbE5sHjG4dKqVxC1oTiR8yAeM2gWnB0fU7lJ3zS",
    "ALLOWED_HOSTS": "baize.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://baize.example.org",
    "SECURE_PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO,https",
    "TRUSTED_PROXY_COUNT": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "EMAIL_URL": "smtp://mailer:secret@mail.example.org:587/?tls=1",
}
# DJANGO_ALLOW_ASYNC_UNSAFE: set by the browser tests in this process, never in production.
ALL = {*PRODUCTION, "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "EMAIL_BACKEND",
       "DJANGO_ALLOW_ASYNC_UNSAFE"}


def run(args: list[str], **env: str) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key not in ALL}
    environment.update(env)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=environment, capture_output=True, text=True,
        timeout=120,
    )


def test_check_deploy_with_the_documented_production_settings_is_clean():
    section = (ROOT / "docs" / "deployment.md").read_text().split("## Production settings")[1]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    for name in PRODUCTION:
        assert f"{name}=" in block, f"docs/deployment.md's production block lacks {name}"
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
    # and it does warn without HSTS: the check is real
    weaker = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        **{**PRODUCTION, "SECURE_HSTS_SECONDS": "0"},
    )
    assert weaker.returncode != 0 and "W004" in weaker.stderr


def test_production_settings_from_the_environment():
    expression = (
        "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_PROXY_SSL_HEADER, "
        "s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS"
    )
    result = run(["-c", f"import config.settings as s; print({expression})"], **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "True 31536000 ('HTTP_X_FORWARDED_PROTO', 'https') "
        "django.core.mail.backends.smtp.EmailBackend mail.example.org 587 True"
    )


def test_development_prints_mail_on_the_console():
    result = run(["-c", "import config.settings as s; print(s.EMAIL_BACKEND)"])
    assert result.stdout.strip() == "django.core.mail.backends.console.EmailBackend"


def test_behind_a_tls_balancer_links_are_https(client, settings, db):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    response = client.get(reverse("login"), HTTP_X_FORWARDED_PROTO="https")
    assert response.wsgi_request.is_secure()
    assert response.wsgi_request.build_absolute_uri("/x").startswith("https://")


def test_every_page_sends_a_strict_content_security_policy(client, db):
    response = client.get(reverse("login"))
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "style-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


TEMPLATE_DIRS = [ROOT / "templates", ROOT / "quiz" / "templates", ROOT / "exams" / "templates"]
#: Rendered by WeasyPrint into a PDF, never served as a page: no policy applies.
NOT_PAGES = {"certificate_pdf.html"}


@pytest.mark.parametrize(
    "template",
    sorted(
        path for folder in TEMPLATE_DIRS if folder.exists() for path in folder.rglob("*.html")
        if path.name not in NOT_PAGES
    ),
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_no_template_holds_an_inline_script_or_style(template):
    text = template.read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), "inline <script>"
    assert "<style" not in text, "inline <style>"
    assert not re.search(r"\sstyle=", text), 'a style="" attribute'
    assert not re.search(r"\son[a-z]+=", text), "an inline event handler"
