"""Settings come from the environment, with safe development defaults."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def settings_value(expression: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL"}
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", f"import config.settings as s; print({expression})"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )


def test_development_defaults():
    result = settings_value("s.DEBUG, s.DATABASES['default']['ENGINE'], s.ALLOWED_HOSTS")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "True django.db.backends.sqlite3 ['localhost', '127.0.0.1', '[::1]']"
    )


def test_production_needs_a_secret_key():
    result = settings_value("s.DEBUG", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_reads_the_environment():
    result = settings_value(
        "s.DEBUG, s.SECRET_KEY, s.ALLOWED_HOSTS, s.DATABASES['default']['NAME']",
        DEBUG="0",
        SECRET_KEY="from-the-environment",
        ALLOWED_HOSTS="baize.example, www.baize.example",
        DATABASE_URL="postgres://u:p@db.example:5432/baize",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "False from-the-environment ['baize.example', 'www.baize.example'] baize"
    )


def test_languages_and_locale_paths():
    result = settings_value("[code for code, _ in s.LANGUAGES], s.LOCALE_PATHS[0].name")
    assert result.stdout.strip() == "['en', 'fr', 'ru', 'fa', 'pl'] locale"


def test_postgresql_prepares_statements_unless_told_not_to():
    expression = "s.DATABASES['default'].get('OPTIONS', {})"
    url = "postgres://u:p@db.example:5432/baize"
    prepared = settings_value(expression, DATABASE_URL=url)
    assert prepared.returncode == 0, prepared.stderr
    assert prepared.stdout.strip() == "{'server_side_binding': True, 'prepare_threshold': 5}"
    behind_a_pooler = settings_value(expression, DATABASE_URL=url, DATABASE_PREPARED_STATEMENTS="0")
    assert behind_a_pooler.stdout.strip() == "{}"
    assert "server_side_binding" not in settings_value(expression).stdout  # SQLite


def test_the_site_hashes_passwords_with_the_strong_hasher():
    """Only the test suite hashes with MD5 (tests/conftest.py); production keeps PBKDF2."""
    code = (
        "import django; django.setup();"
        "from django.contrib.auth.hashers import get_hasher, make_password;"
        "print(get_hasher().algorithm, make_password('a password').split('$')[1])"
    )
    environment = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    environment.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY="x" * 50,
        ALLOWED_HOSTS="baize.example",
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    algorithm, iterations = result.stdout.split()
    assert algorithm == "pbkdf2_sha256"
    assert int(iterations) >= 1_000_000  # Django 5.2's own count


def test_the_test_suite_hashes_passwords_fast():
    from django.contrib.auth.hashers import get_hasher

    assert get_hasher().algorithm == "md5"
