"""Writes sessions-6.json: a sixth dev split for bench:learning, in registers the other five lack.

Written for tuning (dev, not blind) before the rules it was read against changed; no blind item was read.
Three projects in stacks the other splits lack (PHP/Laravel, Swift/iOS, Terraform + a Go CLI). What it stresses:
- terse requests ("crash on launch again", "L11 upgrade") beside long ones for the same task;
- the same task in other words: synonyms rather than shared words ("slow" / "sluggish" / "takes forever",
  "password reset" / "forgot-password link", "dark mode" / "night theme");
- requests in another language (Spanish, German) in a team that mostly writes English;
- hard negatives: failed work at another task in a group's files; merged work in them;
- skill repeats asked each in its own words (admin CRUD pages, one more localization, one more environment).
"""
import json


def t(name, file=None, command=None, error=None):
    d = {"name": name}
    if file:
        d["file"] = file
    if command:
        d["command"] = command
    if error:
        d["error"] = error
    return d


def session(sid, date, outcome, script, closing="Done."):
    """A session from a script: a string is the person's turn, a list an assistant turn's tool calls."""
    turns = []
    for i, item in enumerate(script):
        if isinstance(item, str):
            turns.append({"id": f"{sid}-{i}", "role": "user", "text": item})
        else:
            turns.append({"id": f"{sid}-{i}", "role": "assistant", "text": "Looking.", "tools": item})
    turns.append({"id": f"{sid}-end", "role": "assistant", "text": closing})
    return {"id": sid, "startedAt": f"2026-{date}T09:40:00Z", "outcome": outcome, "turns": turns}


# ---------------------------------------------------------------------------------------------------------------
# shopfront: a Laravel shop (PHP, Pest), relative paths
C = "app/Http/Controllers"
shopfront = [
    # failed: the cart/checkout page is slow (N+1 queries), three attempts in three wordings
    session("sf-slow-1", "03-02", "reverted", [
        "checkout takes like 8 seconds to render, find out why",
        [t("Read", f"{C}/CartController.php"), t("Read", "app/Models/Cart.php"),
         t("Edit", f"{C}/CartController.php"),
         t("Bash", command="php artisan test --filter=CartTest",
           error="Illuminate\\Database\\Eloquent\\RelationNotFoundException: Call to undefined relationship [product] on model [App\\Models\\CartItem].")],
    ], closing="Eager loading broke the relationship name; reverted."),
    session("sf-slow-2", "03-19", "abandoned", [
        "The basket view is really sluggish for customers with many items. Debugbar shows 300 queries.",
        [t("Read", "resources/views/cart/show.blade.php"), t("Edit", "app/Models/CartItem.php"),
         t("Edit", "resources/views/cart/show.blade.php"),
         t("Bash", command="php artisan test",
           error="Tests\\Feature\\CartTest > it lists items  Failed asserting that 17 is identical to 3.")],
    ]),
    session("sf-slow-3", "04-21", "reverted", [
        "cart page still takes forever. cache the totals?",
        [t("Edit", "app/Models/Cart.php"), t("Write", "app/Observers/CartItemObserver.php"),
         t("Bash", command="php artisan test --filter=CartTest",
           error="Failed asserting that 1999 matches expected 2499.")],
    ]),
    # failed: password reset mails never arrive (two attempts)
    session("sf-reset-1", "03-10", "abandoned", [
        "Password reset emails are not being delivered to users.",
        [t("Read", "config/mail.php"), t("Edit", "app/Notifications/ResetPassword.php"),
         t("Bash", command="php artisan tinker",
           error="Symfony\\Component\\Mailer\\Exception\\TransportException: Connection could not be established with host \"mailpit:1025\"")],
    ]),
    session("sf-reset-2", "04-08", "reverted", [
        "the forgot-password link does nothing, no mail shows up",
        [t("Read", "routes/web.php"), t("Edit", "app/Models/User.php"), t("Edit", "app/Notifications/ResetPassword.php"),
         t("Bash", command="php artisan test --filter=PasswordResetTest",
           error="The expected [App\\Notifications\\ResetPassword] notification was not sent.")],
    ]),
    # failed: framework upgrade, terse then long
    session("sf-l11-1", "04-01", "abandoned", [
        "L11 upgrade",
        [t("Edit", "composer.json"),
         t("Bash", command="composer update",
           error="Your requirements could not be resolved to an installable set of packages.\n  Problem 1\n    - laravel/framework[v11.0.0] require php ^8.2")],
    ]),
    session("sf-l11-2", "05-06", "reverted", [
        "Bump laravel/framework to 11 and move the middleware registration to bootstrap/app.php",
        [t("Edit", "composer.json"), t("Edit", "bootstrap/app.php"), t("Edit", "app/Http/Kernel.php"),
         t("Bash", command="composer update laravel/framework --with-all-dependencies"),
         t("Bash", command="php artisan test",
           error="Error: Class \"App\\Http\\Kernel\" not found")],
    ]),
    # hard negatives: another task in the cart files, failed; merged work there
    session("sf-coupon", "04-14", "reverted", [
        "Add a coupon code field to the cart page",
        [t("Edit", f"{C}/CartController.php"), t("Edit", "resources/views/cart/show.blade.php"),
         t("Write", "app/Models/Coupon.php"),
         t("Bash", command="php artisan test --filter=CartTest",
           error="SQLSTATE[42S02]: Base table or view not found: 1146 Table 'shop.coupons' doesn't exist")],
    ]),
    session("sf-cart-merge", "05-02", "merged", [
        "merge guest cart into the user's cart on login",
        [t("Edit", f"{C}/CartController.php"), t("Edit", "app/Models/Cart.php"), t("Bash", command="php artisan test")],
    ]),
    session("sf-sitemap", "05-12", "abandoned", [
        "generate a sitemap.xml nightly",
        [t("Write", "app/Console/Commands/GenerateSitemap.php"),
         t("Bash", command="php artisan sitemap:generate", error="Command \"sitemap:generate\" is not defined.")],
    ]),
    # skill: admin CRUD pages for one more model, each asked in its own words
    session("sf-admin-1", "03-05", "merged", [
        "Scaffold admin pages for suppliers (list, create, edit, delete).",
        [t("Bash", command="php artisan make:controller Admin/SupplierController --resource"),
         t("Write", f"{C}/Admin/SupplierController.php"), t("Write", "resources/views/admin/suppliers/index.blade.php"),
         t("Write", "resources/views/admin/suppliers/form.blade.php"), t("Edit", "routes/admin.php"),
         t("Bash", command="php artisan test --filter=Admin")],
    ]),
    session("sf-admin-2", "04-02", "merged", [
        "need warehouses manageable in the back office",
        [t("Read", f"{C}/Admin/SupplierController.php"),
         t("Bash", command="php artisan make:controller Admin/WarehouseController --resource"),
         t("Write", f"{C}/Admin/WarehouseController.php"), t("Write", "resources/views/admin/warehouses/index.blade.php"),
         t("Write", "resources/views/admin/warehouses/form.blade.php"), t("Edit", "routes/admin.php"),
         t("Bash", command="php artisan test --filter=Admin")],
    ]),
    session("sf-admin-3", "05-09", "merged", [
        "admin CRUD: categories",
        [t("Bash", command="php artisan make:controller Admin/CategoryController --resource"),
         t("Write", f"{C}/Admin/CategoryController.php"), t("Write", "resources/views/admin/categories/index.blade.php"),
         t("Edit", "routes/admin.php"), t("Bash", command="php artisan test --filter=Admin")],
    ]),
    session("sf-admin-fix", "05-15", "merged", [
        "The supplier edit form loses the phone number on save.",
        [t("Edit", f"{C}/Admin/SupplierController.php"), t("Edit", "resources/views/admin/suppliers/form.blade.php"),
         t("Bash", command="php artisan test --filter=Admin")],
    ]),
]

# ---------------------------------------------------------------------------------------------------------------
# tracker: a SwiftUI workout tracker, absolute paths on a Mac
T = "/Users/dana/dev/tracker/Tracker"
tracker = [
    # failed: crash at launch, three attempts, one terse
    session("tr-crash-1", "02-11", "reverted", [
        "App crashes immediately at startup on iOS 17 devices. Stack points at the Core Data stack.",
        [t("Read", f"{T}/App/TrackerApp.swift"), t("Edit", f"{T}/Persistence/CoreDataStack.swift"),
         t("Bash", command="xcodebuild test -scheme Tracker -destination 'platform=iOS Simulator,name=iPhone 15'",
           error="Thread 1: EXC_BAD_ACCESS (code=1, address=0x0) in CoreDataStack.container.getter")],
    ]),
    session("tr-crash-2", "03-04", "abandoned", [
        "crash on launch again",
        [t("Read", f"{T}/Persistence/CoreDataStack.swift"), t("Edit", f"{T}/App/TrackerApp.swift"),
         t("Bash", command="xcodebuild build -scheme Tracker",
           error="** BUILD FAILED **\nTrackerApp.swift:22:9: error: 'StateObject' initializer is inaccessible")],
    ]),
    session("tr-crash-3", "04-15", "reverted", [
        "Users report the app dies right after the splash screen. Load the persistent store asynchronously?",
        [t("Edit", f"{T}/Persistence/CoreDataStack.swift"), t("Edit", f"{T}/App/SplashView.swift"),
         t("Bash", command="xcodebuild test -scheme Tracker",
           error="NSInternalInconsistencyException: This NSPersistentStoreCoordinator has no persistent stores")],
    ]),
    # failed: dark mode colours, two wordings
    session("tr-dark-1", "02-25", "abandoned", [
        "Colors look wrong in dark mode, the cards are white on white.",
        [t("Read", f"{T}/Theme/Palette.swift"), t("Edit", f"{T}/Theme/Palette.swift"),
         t("Bash", command="xcodebuild test -scheme TrackerSnapshotTests",
           error="failed - Snapshot does not match reference. 12.4% of pixels differ.")],
    ]),
    session("tr-dark-2", "04-02", "reverted", [
        "night theme: text is unreadable on the workout cards",
        [t("Edit", f"{T}/Views/WorkoutCard.swift"), t("Edit", f"{T}/Theme/Palette.swift"),
         t("Bash", command="xcodebuild test -scheme TrackerSnapshotTests",
           error="failed - Snapshot does not match reference. 3.1% of pixels differ.")],
    ]),
    # hard negatives: another failed task in the Core Data stack; another in the workout card
    session("tr-notes", "03-20", "abandoned", [
        "Add a notes attribute to the Workout entity",
        [t("Edit", f"{T}/Persistence/Tracker.xcdatamodeld/contents"), t("Edit", f"{T}/Persistence/CoreDataStack.swift"),
         t("Bash", command="xcodebuild test -scheme Tracker",
           error="The model used to open the store is incompatible with the one used to create the store")],
    ]),
    session("tr-card-swipe", "04-20", "reverted", [
        "swipe to delete on workout cards",
        [t("Edit", f"{T}/Views/WorkoutCard.swift"), t("Edit", f"{T}/Views/WorkoutList.swift"),
         t("Bash", command="xcodebuild test -scheme TrackerUITests",
           error="XCTAssertTrue failed - Delete button not found")],
    ]),
    session("tr-widget", "05-01", "merged", [
        "Home screen widget with this week's minutes",
        [t("Write", f"{T}/Widget/WeekWidget.swift"), t("Edit", f"{T}/Persistence/CoreDataStack.swift"),
         t("Bash", command="xcodebuild build -scheme TrackerWidget")],
    ]),
    # skill: one more localization
    session("tr-l10n-1", "02-14", "merged", [
        "Add German strings",
        [t("Read", f"{T}/Resources/en.lproj/Localizable.strings"),
         t("Write", f"{T}/Resources/de.lproj/Localizable.strings"), t("Edit", "/Users/dana/dev/tracker/Tracker.xcodeproj/project.pbxproj"),
         t("Bash", command="xcodebuild build -scheme Tracker")],
    ]),
    session("tr-l10n-2", "03-28", "merged", [
        "we're launching in France, translate the app",
        [t("Read", f"{T}/Resources/en.lproj/Localizable.strings"),
         t("Write", f"{T}/Resources/fr.lproj/Localizable.strings"), t("Edit", "/Users/dana/dev/tracker/Tracker.xcodeproj/project.pbxproj"),
         t("Bash", command="xcodebuild build -scheme Tracker")],
    ]),
    session("tr-l10n-3", "05-05", "merged", [
        "Spanish localisation please",
        [t("Read", f"{T}/Resources/en.lproj/Localizable.strings"),
         t("Write", f"{T}/Resources/es.lproj/Localizable.strings"), t("Edit", "/Users/dana/dev/tracker/Tracker.xcodeproj/project.pbxproj"),
         t("Bash", command="xcodebuild build -scheme Tracker")],
    ]),
    session("tr-string-fix", "05-10", "merged", [
        "typo in the German string for 'rest day'",
        [t("Edit", f"{T}/Resources/de.lproj/Localizable.strings")],
    ]),
]

# ---------------------------------------------------------------------------------------------------------------
# infra: Terraform modules, a Helm chart and a Go CLI; a team that writes English, Spanish and German
infra = [
    # failed: the plan wants to replace the database, three attempts, one in Spanish
    session("in-rds-1", "01-12", "abandoned", [
        "terraform plan wants to recreate the prod RDS instance every time. Why?",
        [t("Read", "modules/db/main.tf"), t("Edit", "modules/db/main.tf"),
         t("Bash", command="terraform -chdir=envs/prod plan",
           error="# module.db.aws_db_instance.main must be replaced\n-/+ resource \"aws_db_instance\" \"main\" {\n  ~ engine_version = \"15.4\" -> \"15\" # forces replacement")],
    ]),
    session("in-rds-2", "02-09", "reverted", [
        "el plan quiere destruir la base de datos de producción otra vez, hay que evitarlo",
        [t("Edit", "modules/db/main.tf"), t("Edit", "modules/db/variables.tf"),
         t("Bash", command="terraform -chdir=envs/prod plan",
           error="Error: Instance cannot be destroyed\n  on ../../modules/db/main.tf line 12:\nResource module.db.aws_db_instance.main has lifecycle.prevent_destroy set")],
    ]),
    session("in-rds-3", "03-16", "reverted", [
        "stop the database replacement in the prod plan: ignore engine_version drift",
        [t("Edit", "modules/db/main.tf"), t("Edit", "envs/prod/main.tf"),
         t("Bash", command="terraform -chdir=envs/prod plan",
           error="Error: Unsupported argument\n  on ../../modules/db/main.tf line 30: ignore_changes = [engine_version]")],
    ]),
    # failed: deploy times out, two attempts
    session("in-helm-1", "02-02", "abandoned", [
        "deploys hang: helm upgrade times out on the api release",
        [t("Read", "charts/api/templates/deployment.yaml"), t("Edit", "charts/api/values.yaml"),
         t("Bash", command="helm upgrade --install api charts/api -n prod --wait",
           error="Error: UPGRADE FAILED: timed out waiting for the condition")],
    ]),
    session("in-helm-2", "03-01", "reverted", [
        "rollout of the api gets stuck forever, the readiness probe maybe?",
        [t("Edit", "charts/api/templates/deployment.yaml"),
         t("Bash", command="kubectl rollout status deploy/api -n prod",
           error="error: deployment \"api\" exceeded its progress deadline")],
    ]),
    # failed: the CLI on an empty config file, English then German
    session("in-cli-1", "01-20", "reverted", [
        "infractl panics when the config file is empty",
        [t("Read", "cmd/infractl/config.go"), t("Edit", "cmd/infractl/config.go"),
         t("Bash", command="go test ./cmd/infractl/...",
           error="panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]\ngoroutine 1 [running]:\nmain.loadConfig(...)\n\tcmd/infractl/config.go:41")],
    ]),
    session("in-cli-2", "02-24", "abandoned", [
        "Absturz von infractl, wenn die Konfigurationsdatei leer ist",
        [t("Edit", "cmd/infractl/config.go"), t("Edit", "cmd/infractl/config_test.go"),
         t("Bash", command="go test ./cmd/infractl/...",
           error="--- FAIL: TestLoadConfigEmpty (0.00s)\n    config_test.go:18: expected error, got <nil>")],
    ]),
    # hard negatives: another failed task in the db module and the chart; merged work there
    session("in-replica", "02-16", "abandoned", [
        "add a read replica to the db module",
        [t("Edit", "modules/db/main.tf"), t("Edit", "modules/db/outputs.tf"),
         t("Bash", command="terraform -chdir=envs/prod plan",
           error="Error: creating RDS DB Instance (read replica): InvalidParameterCombination: Automated backups are not enabled")],
    ]),
    session("in-hpa", "03-09", "reverted", [
        "add an HPA to the api chart",
        [t("Write", "charts/api/templates/hpa.yaml"), t("Edit", "charts/api/values.yaml"),
         t("Bash", command="helm lint charts/api",
           error="Error: templates/hpa.yaml: unable to parse YAML: error converting YAML to JSON")],
    ]),
    session("in-db-tags", "03-20", "merged", [
        "tag the db module's resources with the cost centre",
        [t("Edit", "modules/db/main.tf"), t("Edit", "modules/db/variables.tf"), t("Bash", command="terraform fmt -recursive")],
    ]),
    session("in-cli-flag", "03-25", "merged", [
        "infractl: add a --dry-run flag",
        [t("Edit", "cmd/infractl/main.go"), t("Edit", "cmd/infractl/config.go"), t("Bash", command="go test ./cmd/infractl/...")],
    ]),
    # skill: one more environment, asked in English and in Spanish
    session("in-env-1", "01-28", "merged", [
        "create a staging-eu environment like staging",
        [t("Read", "envs/staging/main.tf"), t("Write", "envs/staging-eu/main.tf"), t("Write", "envs/staging-eu/backend.tf"),
         t("Write", "envs/staging-eu/terraform.tfvars"),
         t("Bash", command="terraform -chdir=envs/staging-eu init"), t("Bash", command="terraform -chdir=envs/staging-eu plan")],
    ]),
    session("in-env-2", "03-03", "merged", [
        "necesitamos un entorno de QA nuevo, igual que staging",
        [t("Read", "envs/staging/main.tf"), t("Write", "envs/qa/main.tf"), t("Write", "envs/qa/backend.tf"),
         t("Write", "envs/qa/terraform.tfvars"),
         t("Bash", command="terraform -chdir=envs/qa init"), t("Bash", command="terraform -chdir=envs/qa plan")],
    ]),
    session("in-ask", "04-01", "unknown", [
        "what does prevent_destroy do exactly?",
        [t("Read", "modules/db/main.tf")],
    ]),
]

dataset = {
    "version": 1,
    "projects": [
        {"id": "shopfront", "repo": "/home/ines/code/shopfront", "language": "php", "sessions": shopfront},
        {"id": "tracker", "repo": "/Users/dana/dev/tracker", "language": "swift", "sessions": tracker},
        {"id": "infra", "repo": "/srv/infra", "language": "terraform", "sessions": infra},
    ],
    "labels": {
        "failedGroups": [
            ["sf-slow-1", "sf-slow-2", "sf-slow-3"], ["sf-reset-1", "sf-reset-2"], ["sf-l11-1", "sf-l11-2"],
            ["tr-crash-1", "tr-crash-2", "tr-crash-3"], ["tr-dark-1", "tr-dark-2"],
            ["in-rds-1", "in-rds-2", "in-rds-3"], ["in-helm-1", "in-helm-2"], ["in-cli-1", "in-cli-2"],
        ],
        "skillGroups": [
            ["sf-admin-1", "sf-admin-2", "sf-admin-3"], ["tr-l10n-1", "tr-l10n-2", "tr-l10n-3"], ["in-env-1", "in-env-2"],
        ],
    },
}
with open(__file__.replace("write-sessions-6.py", "sessions-6.json"), "w") as out:
    json.dump(dataset, out, indent=1)
    out.write("\n")
