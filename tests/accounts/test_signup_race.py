"""Twenty sign-ups with one user name at once: one wins, the others get the form error.

It needs a real race on a real database file, so it runs in a child process on a
file SQLite database of its own (the test database lives in memory, where threads
cannot race as two clients of a server would).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RACE = r"""
import json, threading
import django
django.setup()
from django.conf import settings
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
settings.ALLOWED_HOSTS = ["testserver"]
# twenty sign-ups from one client: past the mail allowance of one client (accounts/mail_limits.py)
settings.MAIL_LIMIT_PER_CLIENT = 100
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

barrier = threading.Barrier(20)
results = []

def sign_up(n):
    client = Client()
    data = {"username": "same-name", "email": f"racer{n}@example.org",
            "password1": "a-long-pass-1234", "password2": "a-long-pass-1234"}
    barrier.wait()
    try:
        response = client.post("/en/accounts/signup/", data)
        results.append({
            "status": response.status_code,
            "taken": "A user with that username already exists." in response.content.decode(),
            "signed_in": "_auth_user_id" in client.session,
        })
    finally:
        connection.close()

threads = [threading.Thread(target=sign_up, args=(n,)) for n in range(20)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
from accounts.models import EmailAddress
print(json.dumps({"results": results, "users": get_user_model().objects.count(),
                  "addresses": EmailAddress.objects.count()}))
"""


def test_twenty_parallel_sign_ups_with_one_name(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'race.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "DEBUG": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", RACE], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    statuses = sorted(result["status"] for result in outcome["results"])
    assert statuses == [302] + [400] * 19, done.stderr[-3000:]
    losers = [result for result in outcome["results"] if result["status"] == 400]
    assert all(result["taken"] and not result["signed_in"] for result in losers)
    assert [result["signed_in"] for result in outcome["results"] if result["status"] == 302] == [
        True
    ]
    assert outcome["users"] == 1 and outcome["addresses"] == 1
