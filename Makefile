# Baize: `make run` serves the site, `make test` runs the whole suite.
# Both set up a fresh clone: .venv, dependencies, database, translations.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=
# The practice bank, then the exam-only pool (none yet: the wildcard is simply empty).
SCENARIOS := fixtures/topics.json $(sort $(wildcard fixtures/scenarios/*.json)) \
  $(sort $(wildcard fixtures/exam/*.json))
# Scenario families (docs/families.md), loaded after the topics they name.
FAMILIES := $(sort $(wildcard fixtures/families/*.json))
# Frames to referee stroke by stroke (docs/frames.md), each proved by the engine.
FRAMES := $(sort $(wildcard fixtures/frames/*.json))
CATALOGUES := $(wildcard locale/*/LC_MESSAGES/django.po quiz/locale/*/LC_MESSAGES/django.po exams/locale/*/LC_MESSAGES/django.po studio/locale/*/LC_MESSAGES/django.po credentials/locale/*/LC_MESSAGES/django.po frames/locale/*/LC_MESSAGES/django.po)

.PHONY: run test bench messages extract setup migrate load loadtest profile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-installs only when pyproject.toml changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; print('\n'.join(p['dependencies'] + p['optional-dependencies']['test']))" > $(VENV)/requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r $(VENV)/requirements.txt
	touch $@

MESSAGES := $(VENV)/.messages
messages: $(STAMP)
	$(BIN)/python manage.py compilemessages --ignore=.venv --ignore=node_modules --ignore=staticfiles
	touch $(MESSAGES)

# The set-up compiles the catalogues again only when one changed (CI runs make test twice).
$(MESSAGES): $(CATALOGUES) | $(STAMP)
	$(MAKE) messages

# Collect new interface strings into the project catalogue locale/ (templates/, config/,
# quiz/ except explain.py and diagrams.py, whose sentences live in quiz/locale/).
# Ignoring quiz/locale keeps makemessages from sending quiz/*.py strings there.
extract: $(STAMP)
	$(BIN)/python manage.py makemessages -l fr -l ru -l fa -l pl --no-obsolete --no-location \
	  --ignore=.venv --ignore=quiz/locale --ignore=quiz/explain.py --ignore=quiz/diagrams.py \
	  --ignore=exams --ignore=studio --ignore=frames --ignore=rules_engine --ignore=tests --ignore=fixtures --ignore=staticfiles --ignore=static

# migrate also creates the database cache's table, where limits count (throttling/apps.py).
migrate: $(STAMP)
	$(BIN)/python manage.py migrate --noinput

setup: $(STAMP) migrate $(MESSAGES)

load: setup
	$(BIN)/python manage.py load_scenarios $(SCENARIOS)
	$(BIN)/python manage.py load_families $(FAMILIES)
	$(if $(FRAMES),$(BIN)/python manage.py load_frames $(FRAMES))
	$(BIN)/python manage.py loaddata fixtures/demo_federation.json
	@# The demo federation's credential signing key, encrypted with a development master key
	@# (.credentials/master.key, git-ignored); both are made once, then kept.
	$(BIN)/python manage.py make_signing_key demo --create-master-key-file
	$(BIN)/python manage.py issue_credentials

run: load
	@# Invitation tokens are stored hashed: print a new link for the demo candidate.
	$(BIN)/python manage.py invitation_link demo demo-referee-level-1 candidate@example.org
	$(BIN)/python manage.py runserver 127.0.0.1:8000

test: setup
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m rules_engine bench

# Exam day on this machine (loadtest/run.py): a throwaway PostgreSQL cluster (or
# DATABASE_URL), gunicorn with DEBUG=0, CANDIDATES Locust candidates; writes loadtest/report.md.
CANDIDATES ?= 1000
THINK ?= 20
RAMP ?= 60
DURATION ?= 0
SERVERS ?= 1
loadtest: setup
	$(BIN)/python loadtest/run.py --candidates $(CANDIDATES) --think $(THINK) --ramp $(RAMP) \
	  --duration $(DURATION) --servers $(SERVERS)

# What each exam-day request costs the app, in instructions (callgrind, which this
# machine's varying speed does not change; loadtest/instructions.py). Needs valgrind.
PROFILE_CANDIDATES ?= 10
profile: setup
	$(BIN)/python loadtest/instructions.py --candidates $(PROFILE_CANDIDATES)
