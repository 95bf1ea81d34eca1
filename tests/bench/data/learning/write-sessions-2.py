"""Writes sessions-2.json: a second dev split for bench:learning, harder than the first.

Written by the lead for tuning (dev, not blind). Attempts at one task are worded differently
(synonyms, terse or chatty), hit different errors, touch overlapping but unequal files; some open
with a greeting and give the task in a later turn; some have no verdict (outcome unknown); and hard
negatives share files or words with a group without being part of it.
"""
import json

def t(name, file=None, command=None, error=None):
    d = {"name": name}
    if file: d["file"] = file
    if command: d["command"] = command
    if error: d["error"] = error
    return d

def session(sid, day, outcome, user_turns, tools, closing="Done."):
    turns = []
    for i, text in enumerate(user_turns):
        turns.append({"id": f"{sid}-u{i}", "role": "user", "text": text})
        if i < len(user_turns) - 1:
            turns.append({"id": f"{sid}-a{i}", "role": "assistant", "text": "Sure, one moment."})
    turns.append({"id": f"{sid}-work", "role": "assistant", "text": "Working on it.", "tools": tools})
    turns.append({"id": f"{sid}-end", "role": "assistant", "text": closing})
    return {"id": sid, "startedAt": f"2026-10-{day:02d}T10:00:00Z", "outcome": outcome, "turns": turns}

tide = [
    session("tp-throttle-1", 2, "reverted", ["Throttle the signup endpoint, bots are creating hundreds of accounts"], [
        t("Read", "accounts/views.py"), t("Edit", "accounts/views.py"), t("Edit", "tidepool/settings.py"),
        t("Bash", command="python manage.py test accounts", error="django.core.cache.backends.base.InvalidCacheBackendError: Could not find backend 'redis'"),
        t("Edit", "tidepool/settings.py"), t("Bash", command="python manage.py test accounts")]),
    session("tp-throttle-2", 6, "abandoned", ["hey", "people keep spamming /signup. can you add some kind of per-ip limit?"], [
        t("Read", "accounts/urls.py"), t("Edit", "accounts/views.py"), t("Write", "accounts/tests/test_signup_limits.py"),
        t("Bash", command="pytest accounts/tests/test_signup_limits.py", error="AssertionError: 201 != 429"),
        t("Bash", command="pytest accounts/tests/test_signup_limits.py", error="AssertionError: 201 != 429")],
        closing="The limit never triggers in tests; leaving it here."),
    session("tp-throttle-3", 11, "unknown", ["Try the signup abuse thing again, this time with django-ratelimit"], [
        t("Edit", "requirements.txt"), t("Bash", command="pip install -r requirements.txt"),
        t("Edit", "accounts/views.py"),
        t("Bash", command="python manage.py test accounts.tests.test_signup_limits", error="django.core.exceptions.ImproperlyConfigured: RATELIMIT_USE_CACHE is set to 'default' which is not a shared cache"),
        t("Bash", command="python manage.py test accounts.tests.test_signup_limits", error="django.core.exceptions.ImproperlyConfigured: RATELIMIT_USE_CACHE is set to 'ratelimit' which is not a shared cache"),
        t("Bash", command="python manage.py test accounts", error="AssertionError: 201 != 429")],
        closing="Still failing on the cache configuration."),
    session("tp-fts-1", 4, "abandoned", ["Switch recipe search over to Postgres full-text search instead of icontains"], [
        t("Read", "recipes/search.py"), t("Edit", "recipes/search.py"), t("Write", "recipes/migrations/0031_search_vector.py"),
        t("Bash", command="python manage.py migrate", error="django.db.utils.ProgrammingError: function to_tsvector(unknown, text) does not exist"),
        t("Bash", command="python manage.py migrate", error="django.db.utils.ProgrammingError: function to_tsvector(unknown, character varying) does not exist")]),
    session("tp-fts-2", 13, "reverted", ["Search is painfully slow on big cookbooks. Have another go at SearchVector + a GIN index"], [
        t("Edit", "recipes/models.py"), t("Edit", "recipes/search.py"), t("Write", "recipes/migrations/0033_recipe_search_gin.py"),
        t("Bash", command="python manage.py test recipes", error="django.core.exceptions.FieldError: Cannot resolve keyword 'search' into field. Choices are: body, id, title"),
        t("Edit", "recipes/search.py"), t("Bash", command="python manage.py test recipes")],
        closing="Tests pass but the migration locks the table for minutes; reverted."),
    session("tp-export-1", 3, "merged", ["Write a management command that exports orders as CSV"], [
        t("Read", "orders/models.py"), t("Write", "orders/management/commands/export_orders.py"),
        t("Write", "orders/tests/test_export_orders.py"), t("Bash", command="python manage.py test orders"),
        t("Bash", command="python manage.py export_orders --since 2026-01-01 --dry-run")]),
    session("tp-export-2", 9, "merged", ["need a manage.py command to dump invoices into a csv file for accounting"], [
        t("Read", "billing/models.py"), t("Read", "orders/management/commands/export_orders.py"),
        t("Write", "billing/management/commands/export_invoices.py"), t("Write", "billing/tests/test_export_invoices.py"),
        t("Bash", command="python manage.py test billing"), t("Bash", command="python manage.py export_invoices --dry-run")]),
    session("tp-export-3", 17, "merged", ["morning!", "add an export_customers command, same shape as the other CSV exports"], [
        t("Read", "billing/management/commands/export_invoices.py"), t("Write", "accounts/management/commands/export_customers.py"),
        t("Write", "accounts/tests/test_export_customers.py"), t("Bash", command="python manage.py test accounts"),
        t("Bash", command="python manage.py export_customers --dry-run")]),
    session("tp-upgrade-1", 8, "merged", ["Bump Django to 5.1 and fix whatever deprecation warnings show up"], [
        t("Edit", "requirements.in"), t("Bash", command="pip-compile requirements.in"), t("Edit", "requirements.txt"),
        t("Bash", command="python -W error::DeprecationWarning manage.py test"), t("Edit", "tidepool/settings.py"),
        t("Bash", command="python manage.py test")]),
    session("tp-upgrade-2", 20, "merged", ["upgrade celery to 5.5, recompile the pins, make sure the suite is green"], [
        t("Edit", "requirements.in"), t("Bash", command="pip-compile requirements.in"), t("Edit", "requirements.txt"),
        t("Bash", command="python manage.py test"), t("Edit", "tidepool/celery.py"), t("Bash", command="python manage.py test")]),
    # hard negatives
    session("tp-verify-email", 5, "merged", ["Send a verification email after signup and block login until it's confirmed"], [
        t("Edit", "accounts/views.py"), t("Write", "accounts/emails.py"), t("Write", "accounts/tests/test_verification.py"),
        t("Bash", command="python manage.py test accounts")]),
    session("tp-search-ui", 14, "merged", ["Show the search terms highlighted in the recipe search results page"], [
        t("Edit", "recipes/templates/recipes/search.html"), t("Edit", "recipes/search.py"), t("Bash", command="python manage.py test recipes")]),
    session("tp-darkmode", 16, "reverted", ["Give the admin a dark mode"], [
        t("Write", "static/admin/css/dark.css"), t("Edit", "templates/admin/base_site.html"),
        t("Bash", command="python manage.py collectstatic --noinput", error="FileNotFoundError: [Errno 2] No such file or directory: 'static/admin/img'")]),
]

courier = [
    session("cr-flaky-1", 2, "reverted", ["Fix the flaky TestDispatchRetry, it fails about one run in five on CI"], [
        t("Read", "internal/dispatch/retry.go"), t("Edit", "internal/dispatch/retry_test.go"),
        t("Bash", command="go test ./internal/dispatch/ -run TestDispatchRetry -count=50", error="--- FAIL: TestDispatchRetry (0.31s)\n    retry_test.go:88: expected 3 attempts, got 2"),
        t("Edit", "internal/dispatch/retry_test.go"), t("Bash", command="go test ./internal/dispatch/ -count=20")]),
    session("cr-flaky-2", 7, "unknown", ["the retry test is still flaky. could it be a data race? run it with -race"], [
        t("Bash", command="go test -race ./internal/dispatch/", error="WARNING: DATA RACE\nWrite at 0x00c0001a4018 by goroutine 12:\n  courier/internal/dispatch.(*Retrier).bump()"),
        t("Edit", "internal/dispatch/retry.go"),
        t("Bash", command="go test -race ./internal/dispatch/", error="WARNING: DATA RACE\nRead at 0x00c0001b2020 by goroutine 9:\n  courier/internal/dispatch.(*Retrier).Attempts()"),
        t("Bash", command="go test -race -count=10 ./internal/dispatch/", error="--- FAIL: TestDispatchRetry (0.29s)\n    retry_test.go:88: expected 3 attempts, got 1")],
        closing="The race is gone in one place but the test still fails."),
    session("cr-flaky-3", 15, "abandoned", ["yo", "dispatch retries time out in the test suite again, look at the backoff clock"], [
        t("Read", "internal/dispatch/backoff.go"), t("Edit", "internal/dispatch/backoff.go"), t("Edit", "internal/dispatch/retry.go"),
        t("Bash", command="go test ./internal/dispatch/...", error="panic: test timed out after 30s\nrunning tests:\n\tTestDispatchRetry (30s)")]),
    session("cr-handler-1", 3, "merged", ["Add a GET /v1/couriers/{id} handler"], [
        t("Read", "internal/http/router.go"), t("Write", "internal/http/courier_handler.go"), t("Edit", "internal/http/router.go"),
        t("Write", "internal/http/courier_handler_test.go"), t("Bash", command="go test ./internal/http/..."), t("Bash", command="go vet ./...")]),
    session("cr-handler-2", 10, "merged", ["we need an endpoint that lists a depot's shipments, paginated"], [
        t("Read", "internal/http/courier_handler.go"), t("Write", "internal/http/shipments_handler.go"), t("Edit", "internal/http/router.go"),
        t("Write", "internal/http/shipments_handler_test.go"), t("Bash", command="go test ./internal/http/..."), t("Bash", command="go vet ./...")]),
    session("cr-handler-3", 18, "merged", ["Expose depot status over HTTP so the ops dashboard can poll it"], [
        t("Write", "internal/http/depot_status_handler.go"), t("Edit", "internal/http/router.go"),
        t("Write", "internal/http/depot_status_handler_test.go"), t("Bash", command="go test ./internal/http/...")]),
    session("cr-release-1", 12, "merged", ["Tag v1.8.0 and write the changelog entry"], [
        t("Edit", "CHANGELOG.md"), t("Edit", "internal/version/version.go"), t("Bash", command="goreleaser check"),
        t("Bash", command="git tag -a v1.8.0 -m 'v1.8.0'")]),
    session("cr-release-2", 26, "merged", ["release 1.9 please: changelog, version bump, tag"], [
        t("Bash", command="git log --oneline v1.8.0..HEAD"), t("Edit", "CHANGELOG.md"), t("Edit", "internal/version/version.go"),
        t("Bash", command="goreleaser check"), t("Bash", command="git tag -a v1.9.0 -m 'v1.9.0'")]),
    # hard negatives
    session("cr-slog", 9, "reverted", ["Replace zap with log/slog everywhere"], [
        t("Edit", "internal/log/log.go"), t("Edit", "cmd/courier/main.go"),
        t("Bash", command="go build ./...", error="internal/dispatch/retry.go:14:2: undefined: zap")]),
    session("cr-readme", 21, "merged", ["fix the typos in the README's dispatch section"], [t("Edit", "README.md")]),
    session("cr-retry-metric", 23, "merged", ["Count dispatch retries in a Prometheus counter"], [
        t("Edit", "internal/dispatch/retry.go"), t("Edit", "internal/metrics/metrics.go"), t("Bash", command="go test ./internal/dispatch/...")]),
]

web = [
    session("lw-hydrate-1", 5, "abandoned", ["Hydration error on /dashboard since the date widget landed"], [
        t("Read", "src/pages/dashboard.tsx"), t("Edit", "src/widgets/LastUpdated.tsx"),
        t("Bash", command="npm run build && npm run start:test", error="Error: Text content does not match server-rendered HTML.\nServer: \"10/05/2026\" Client: \"05/10/2026\""),
        t("Edit", "src/widgets/LastUpdated.tsx")]),
    session("lw-hydrate-2", 19, "reverted", ["The dashboard throws 'text content does not match' again. Render the timestamp on the client only?"], [
        t("Edit", "src/widgets/LastUpdated.tsx"), t("Edit", "src/pages/dashboard.tsx"),
        t("Bash", command="npm run e2e -- dashboard", error="Error: Hydration failed because the initial UI does not match what was rendered on the server."),
        t("Bash", command="npm run e2e -- dashboard")], closing="Works but flashes; reverted."),
    session("lw-eslint-1", 3, "reverted", ["Move us to ESLint 9 with a flat config"], [
        t("Edit", "package.json"), t("Write", "eslint.config.mjs"), t("Bash", command="npm install"),
        t("Bash", command="npx eslint .", error="TypeError: context.getScope is not a function\nOccurred while linting src/widgets/RevenueChart.tsx:1"),
        t("Bash", command="npx eslint .", error="TypeError: context.getScope is not a function\nOccurred while linting src/pages/dashboard.tsx:1")]),
    session("lw-eslint-2", 11, "abandoned", ["eslint 9 migration, take two"], [
        t("Write", "eslint.config.mjs"), t("Edit", "package.json"),
        t("Bash", command="npx eslint src", error="Error: Cannot find module 'eslint-config-airbnb'\nRequire stack:\n- /srv/repos/ledgerly-web/eslint.config.mjs")]),
    session("lw-eslint-3", 24, "unknown", ["hi!", "let's try the flat lint config once more; the react plugin broke it last time"], [
        t("Edit", "eslint.config.mjs"), t("Edit", "package.json"), t("Bash", command="npm install"),
        t("Bash", command="npx eslint .", error="ESLint couldn't find an eslint.config.(js|mjs|cjs) file."),
        t("Bash", command="npx eslint --config eslint.config.mjs .", error="TypeError: context.getScope is not a function\nOccurred while linting src/App.tsx:1"),
        t("Bash", command="npx eslint --config eslint.config.mjs .", error="TypeError: context.getScope is not a function\nOccurred while linting src/main.tsx:1")]),
    session("lw-chart-1", 4, "merged", ["Add a revenue-by-month bar chart widget to the dashboard"], [
        t("Read", "src/widgets/index.ts"), t("Write", "src/widgets/RevenueChart.tsx"), t("Write", "src/widgets/RevenueChart.stories.tsx"),
        t("Edit", "src/widgets/index.ts"), t("Bash", command="npm test -- widgets"), t("Bash", command="npm run storybook -- --smoke-test")]),
    session("lw-chart-2", 12, "merged", ["new widget: churn over time as a line chart"], [
        t("Read", "src/widgets/RevenueChart.tsx"), t("Write", "src/widgets/ChurnChart.tsx"), t("Write", "src/widgets/ChurnChart.stories.tsx"),
        t("Edit", "src/widgets/index.ts"), t("Bash", command="npm test -- widgets")]),
    session("lw-chart-3", 22, "merged", ["Could you put a pie of the plan mix on the dashboard? Same as the other charts"], [
        t("Write", "src/widgets/PlanMixPie.tsx"), t("Write", "src/widgets/PlanMixPie.stories.tsx"), t("Edit", "src/widgets/index.ts"),
        t("Edit", "src/pages/dashboard.tsx"), t("Bash", command="npm test -- widgets"), t("Bash", command="npm run storybook -- --smoke-test")]),
    # hard negatives
    session("lw-padding", 8, "merged", ["dashboard cards have uneven padding on mobile, fix it"], [
        t("Edit", "src/pages/dashboard.tsx"), t("Edit", "src/styles/cards.css")]),
    session("lw-vitest", 15, "abandoned", ["try swapping jest for vitest"], [
        t("Edit", "package.json"), t("Write", "vitest.config.ts"),
        t("Bash", command="npx vitest run", error="ReferenceError: jest is not defined\n at src/widgets/RevenueChart.test.tsx:3:1")]),
    session("lw-chart-colors", 27, "merged", ["Use the brand palette for every chart's colours"], [
        t("Edit", "src/widgets/theme.ts"), t("Edit", "src/widgets/RevenueChart.tsx"), t("Edit", "src/widgets/ChurnChart.tsx")]),
]

dataset = {
    "version": 1,
    "projects": [
        {"id": "tidepool", "repo": "/home/mira/code/tidepool", "language": "python", "sessions": tide},
        {"id": "courier", "repo": "/Users/sam/work/courier", "language": "go", "sessions": courier},
        {"id": "ledgerly-web", "repo": "/srv/repos/ledgerly-web", "language": "typescript", "sessions": web},
    ],
    "labels": {
        "failedGroups": [
            ["tp-throttle-1", "tp-throttle-2", "tp-throttle-3"], ["tp-fts-1", "tp-fts-2"],
            ["cr-flaky-1", "cr-flaky-2", "cr-flaky-3"],
            ["lw-hydrate-1", "lw-hydrate-2"], ["lw-eslint-1", "lw-eslint-2", "lw-eslint-3"],
        ],
        "skillGroups": [
            ["tp-export-1", "tp-export-2", "tp-export-3"], ["tp-upgrade-1", "tp-upgrade-2"],
            ["cr-handler-1", "cr-handler-2", "cr-handler-3"], ["cr-release-1", "cr-release-2"],
            ["lw-chart-1", "lw-chart-2", "lw-chart-3"],
        ],
    },
}
with open(__file__.replace("write-sessions-2.py", "sessions-2.json"), "w") as out:
    json.dump(dataset, out, indent=1)
    out.write("\n")
