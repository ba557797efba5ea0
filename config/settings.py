"""Baize settings, read from the environment.

Development works with nothing set (SQLite, DEBUG on); production sets at least
``DEBUG=0``, ``SECRET_KEY``, ``ALLOWED_HOSTS`` and ``DATABASE_URL``.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.cache import cache_settings
from config.email import email_settings

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    """Read a yes/no environment variable (1, true, yes, on are yes)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated environment variable."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_flag("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Development only: never used once DEBUG is off.
    SECRET_KEY = "django-insecure-baize-development-only"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # modeltranslation patches the admin, so it comes before it.
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    "federations",
    "quiz",
    "exams",
    "accounts",
    "studio",
    "throttling",
    "credentials",
    "frames",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A form body that is not UTF-8 gets a 400 page before CSRF reads it (config/form_encoding.py).
    "config.form_encoding.FormEncodingMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, taking the user read with the session (accounts/sessions.py).
    "accounts.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # AxesMiddleware turns a locked-out login into the translated lock-out page; last.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Two requests writing at once (autosave and a click) must queue, not fail with
    # "database is locked": a transaction takes the write lock when it begins, so it never
    # has to upgrade a read lock another writer blocks; readers never wait for writers
    # (write-ahead log); a writer waits up to 20 s for the lock.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )

elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_flag(
    "DATABASE_PREPARED_STATEMENTS", True
):
    # Parameters sent apart from the SQL, and a statement run five times on a connection
    # prepared by PostgreSQL: it is then neither quoted in Python nor planned again
    # (exam day runs the same few statements thousands of times). Set
    # DATABASE_PREPARED_STATEMENTS=0 behind a pooler in transaction mode (PgBouncer),
    # which cannot keep a connection's prepared statements.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": 5}
    )

# One cache shared by every worker and server, where every limit and throttle counts:
# the project's database by default, Redis with CACHE_URL=redis://host:6379/0.
CACHES = cache_settings(os.environ.get("CACHE_URL"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "quiz:home"
LOGOUT_REDIRECT_URL = "quiz:home"

# The web tier stays stateless: sessions live in the database, each row with its user,
# read in one query with him (accounts/sessions.py, accounts/backends.py).
SESSION_ENGINE = "accounts.sessions"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("fr", _("French")),
    ("ru", _("Russian")),
    ("fa", _("Persian")),
    ("pl", _("Polish")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_LANGUAGES = ("en", "fr", "ru", "fa", "pl")
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)
# The admin's language tabs use jQuery UI served from static/, never a CDN.
JQUERY_UI_URL = "vendor/jquery-ui/jquery-ui.min.js"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG

if not DEBUG:
    SESSION_COOKIE_SECURE = env_flag("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_flag("SECURE_COOKIES", True)
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", False)
# Behind a TLS load balancer: SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https makes
# request.is_secure() (and so the invitation and QR links) follow the balancer's header.
if os.environ.get("SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = tuple(
        part.strip() for part in os.environ["SECURE_PROXY_SSL_HEADER"].split(",", 1)
    )

# A strict Content-Security-Policy, in development too: no inline script or style.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Email: EMAIL_URL (smtp://user:password@host:587/?tls=1, console://, locmem://) or the
# EMAIL_* settings one by one; the console backend in development (`make run` prints mails).
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_flag("EMAIL_USE_SSL", False)
if os.environ.get("EMAIL_URL"):
    globals().update(email_settings(os.environ["EMAIL_URL"]))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Baize <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Open Badges credentials (credentials/, docs/credentials.md). The master key encrypts every
# federation's signing key: CREDENTIALS_MASTER_KEY (Fernet keys, newest first, comma-separated)
# or the file CREDENTIALS_MASTER_KEY_FILE names (development: .credentials/master.key,
# git-ignored, made by `make run`). CREDENTIALS_BASE_URL is the public address written into
# credentials (issuer, keys, status lists): set it once for good in production.
CREDENTIALS_MASTER_KEY = os.environ.get("CREDENTIALS_MASTER_KEY", "")
CREDENTIALS_MASTER_KEY_FILE = os.environ.get(
    "CREDENTIALS_MASTER_KEY_FILE", str(BASE_DIR / ".credentials" / "master.key") if DEBUG else ""
)
CREDENTIALS_BASE_URL = os.environ.get("CREDENTIALS_BASE_URL", "http://127.0.0.1:8000")
# Seconds a status list (and the issuer profile) may be cached by verifiers and by the site.
CREDENTIALS_STATUS_LIST_TTL = int(os.environ.get("CREDENTIALS_STATUS_LIST_TTL", "300"))

# Login throttling (django-axes, config/axes_handler.py): AXES_FAILURE_LIMIT failures of one
# user name from one address lock that pair, LOGIN_ADDRESS_FAILURE_LIMIT failures from one
# address (any names) lock the address, each for AXES_COOLOFF_MINUTES; a stranger elsewhere
# cannot lock an account. The owner unlocks by a mailed link (accounts/unlocking.py); staff
# in the admin (Axes › Access attempts: delete the rows). Behind proxies, TRUSTED_PROXY_COUNT
# says how many append to X-Forwarded-For (config/client_ip.py).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "30")))
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "50"))
# The pair first, the address second: config/axes_handler.py counts each against its bar.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "config.client_ip.client_ip"
AXES_USERNAME_CALLABLE = "config.login_throttling.login_username"
AXES_VERBOSE = False
# The database handler, except that a sign-in by invitation link (no credential) is
# neither logged nor resets failures (config/axes_handler.py).
AXES_HANDLER = "config.axes_handler.AxesHandler"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
