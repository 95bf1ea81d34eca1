"""Writes sessions-3.json: a third dev split for bench:learning, in registers the first two lack.

Written for tuning (dev, not blind), from a brief naming kinds of input; no blind item was read.
- several developers at one task, each in their own words (a bug report, a feature request, a terse
  note), touching overlapping files;
- hard negatives: the same files as a group, but another task (failed and merged alike);
- long multi-step sessions: many turns, a greeting, side questions, reads of unrelated files;
- merged sessions that hit tool errors on the way (a red test first), which are repeats of a skill,
  not failures;
- a task phrased once as a bug report and once as a feature request.
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


def session(sid, day, outcome, user_turns, tools, closing="Done.", chunks=1):
    """A session: the person's turns, then the tool calls split over `chunks` assistant turns."""
    turns = []
    for i, text in enumerate(user_turns):
        turns.append({"id": f"{sid}-u{i}", "role": "user", "text": text})
        if i < len(user_turns) - 1:
            turns.append({"id": f"{sid}-a{i}", "role": "assistant", "text": "Let me check."})
    size = max(1, -(-len(tools) // chunks))
    for k in range(0, len(tools), size):
        turns.append({"id": f"{sid}-w{k}", "role": "assistant", "text": "Next step.", "tools": tools[k:k + size]})
    turns.append({"id": f"{sid}-end", "role": "assistant", "text": closing})
    return {"id": sid, "startedAt": f"2026-09-{day:02d}T14:00:00Z", "outcome": outcome, "turns": turns}


# A Rails shop: guest checkout attempted three times by three people; mailer previews repeated.
harbor = [
    session("hb-guest-1", 2, "reverted", [
        "Bug: checkout blows up with NoMethodError for anyone who isn't signed in"], [
        t("Read", "app/controllers/checkouts_controller.rb"), t("Edit", "app/controllers/checkouts_controller.rb"),
        t("Edit", "app/models/order.rb"),
        t("Bash", command="bin/rails test test/controllers/checkouts_controller_test.rb",
          error="NoMethodError: undefined method `email' for nil:NilClass\n    app/models/order.rb:42:in `customer_email'"),
        t("Edit", "app/models/order.rb"), t("Bash", command="bin/rails test")],
        closing="Green locally, but it broke the invoice emails in staging."),
    session("hb-guest-2", 8, "abandoned", [
        "Feature request from sales: let people buy without creating an account first (guest checkout)."], [
        t("Read", "app/models/order.rb"), t("Bash", command="bin/rails generate migration AddGuestEmailToOrders guest_email:string"),
        t("Write", "db/migrate/20260908_add_guest_email_to_orders.rb"), t("Edit", "app/models/order.rb"),
        t("Edit", "app/controllers/checkouts_controller.rb"),
        t("Bash", command="bin/rails db:migrate",
          error="ActiveRecord::NotNullViolation: PG::NotNullViolation: ERROR:  null value in column \"user_id\" violates not-null constraint"),
        t("Bash", command="bin/rails test", error="NoMethodError: undefined method `email' for nil:NilClass\n    app/models/order.rb:51:in `customer_email'")]),
    session("hb-guest-3", 19, "unknown", [
        "hi", "orders without a user again. anonymous buyers should get through payment; the user_id constraint is in the way"], [
        t("Read", "db/schema.rb"), t("Edit", "app/models/order.rb"), t("Edit", "app/controllers/checkouts_controller.rb"),
        t("Bash", command="bin/rails test test/models/order_test.rb",
          error="ActiveRecord::RecordInvalid: Validation failed: User must exist"),
        t("Bash", command="bin/rails test test/models/order_test.rb",
          error="ActiveRecord::RecordInvalid: Validation failed: User must exist"),
        t("Bash", command="bin/rails test", error="NoMethodError: undefined method `email' for nil:NilClass\n    app/models/order.rb:44:in `customer_email'")],
        closing="Still stuck on the belongs_to validation."),
    session("hb-search-1", 5, "abandoned", [
        "Product search ignores accents: 'creme' should find 'crème brûlée'"], [
        t("Read", "app/models/product.rb"), t("Edit", "app/models/product.rb"),
        t("Write", "db/migrate/20260905_enable_unaccent.rb"),
        t("Bash", command="bin/rails db:migrate", error="PG::InsufficientPrivilege: ERROR:  permission denied to create extension \"unaccent\"")]),
    session("hb-search-2", 21, "reverted", [
        "Customers complain search finds nothing when they type without diacritics. Normalise names in Ruby instead of the unaccent extension?"], [
        t("Edit", "app/models/product.rb"), t("Write", "app/services/name_normalizer.rb"),
        t("Bash", command="bin/rails test test/models/product_test.rb"),
        t("Bash", command="bin/rails runner 'Product.reindex_all'", error="Timeout::Error: execution expired")],
        closing="Reindex takes hours on production data; reverted."),
    session("hb-mailer-1", 4, "merged", ["Add a mailer preview for the order shipped email"], [
        t("Read", "app/mailers/order_mailer.rb"), t("Write", "test/mailers/previews/order_mailer_preview.rb"),
        t("Bash", command="bin/rails test test/mailers"),
        t("Bash", command="bin/rails runner 'OrderMailerPreview.new.shipped'")]),
    session("hb-mailer-2", 12, "merged", [
        "Design wants to see the password reset email without triggering one. Can we get a preview for it?"], [
        t("Read", "app/mailers/user_mailer.rb"), t("Read", "test/mailers/previews/order_mailer_preview.rb"),
        t("Write", "test/mailers/previews/user_mailer_preview.rb"),
        t("Bash", command="bin/rails test test/mailers", error="NameError: uninitialized constant UserMailerPreview::Usr"),
        t("Edit", "test/mailers/previews/user_mailer_preview.rb"), t("Bash", command="bin/rails test test/mailers")]),
    session("hb-mailer-3", 23, "merged", ["preview for the refund mail pls"], [
        t("Write", "test/mailers/previews/refund_mailer_preview.rb"), t("Bash", command="bin/rails test test/mailers")]),
    session("hb-admin-1", 9, "merged", ["Register the Coupon model in the admin with filters by expiry"], [
        t("Read", "app/admin/products.rb"), t("Write", "app/admin/coupons.rb"), t("Edit", "config/routes.rb"),
        t("Write", "spec/admin/coupons_spec.rb"), t("Bash", command="bundle exec rspec spec/admin")]),
    session("hb-admin-2", 16, "merged", [
        "support needs to edit gift cards themselves, put them in ActiveAdmin"], [
        t("Read", "app/admin/coupons.rb"), t("Write", "app/admin/gift_cards.rb"), t("Edit", "config/routes.rb"),
        t("Write", "spec/admin/gift_cards_spec.rb"),
        t("Bash", command="bundle exec rspec spec/admin", error="ActiveAdmin::DatabaseHitDuringLoad: Your file, app/admin/gift_cards.rb (line 6), caused a database error"),
        t("Edit", "app/admin/gift_cards.rb"), t("Bash", command="bundle exec rspec spec/admin")]),
    # hard negatives: the guest group's files, other tasks
    session("hb-tax", 7, "reverted", ["Orders in Quebec need both GST and QST on the total"], [
        t("Edit", "app/models/order.rb"), t("Write", "app/services/tax_calculator.rb"),
        t("Bash", command="bin/rails test test/models/order_test.rb",
          error="Minitest::Assertion: Expected: 114.98\n  Actual: 105.0")]),
    session("hb-checkout-copy", 14, "merged", ["Change the checkout button to say 'Place order'"], [
        t("Edit", "app/views/checkouts/show.html.erb"), t("Edit", "app/controllers/checkouts_controller.rb"),
        t("Bash", command="bin/rails test test/controllers/checkouts_controller_test.rb")]),
    session("hb-order-index", 17, "unknown", ["Checkout is slow, add an index on orders.user_id"], [
        t("Write", "db/migrate/20260917_index_orders_user_id.rb"),
        t("Bash", command="bin/rails db:migrate", error="PG::DuplicateTable: ERROR:  relation \"index_orders_on_user_id\" already exists"),
        t("Bash", command="bin/rails db:migrate", error="PG::DuplicateTable: ERROR:  relation \"index_orders_on_user_id\" already exists"),
        t("Bash", command="bin/rails db:rollback", error="ActiveRecord::IrreversibleMigration")]),
]

# A Rust pipeline: a memory blow-up chased in long sessions; new source connectors repeated.
pipe = [
    session("pw-oom-1", 3, "abandoned", [
        "good morning", "the nightly backfill gets OOM-killed around 40M rows",
        "can you also tell me what the batch size is set to right now?",
        "ok, try streaming the parquet writer instead of buffering the whole partition"], [
        t("Read", "Cargo.toml"), t("Read", "src/main.rs"), t("Read", "src/config.rs"), t("Read", "README.md"),
        t("Read", "src/sink/parquet.rs"), t("Read", "src/backfill.rs"), t("Edit", "src/sink/parquet.rs"),
        t("Bash", command="cargo build --release"),
        t("Bash", command="cargo run --release -- backfill --from 2026-01-01", error="memory allocation of 8589934592 bytes failed"),
        t("Edit", "src/sink/parquet.rs"), t("Edit", "src/backfill.rs"),
        t("Bash", command="cargo run --release -- backfill --from 2026-01-01", error="memory allocation of 4294967296 bytes failed"),
        t("Bash", command="cargo test sink")],
        closing="Memory still grows without bound; stopping.", chunks=4),
    session("pw-oom-2", 10, "reverted", [
        "Backfill memory: the process dies on big days. Bound the channel between reader and writer."], [
        t("Read", "src/backfill.rs"), t("Read", "src/pipeline.rs"), t("Edit", "src/pipeline.rs"), t("Edit", "src/backfill.rs"),
        t("Bash", command="cargo test pipeline"),
        t("Bash", command="cargo run --release -- backfill --from 2026-03-01", error="thread 'main' panicked at src/pipeline.rs:88:14:\ncalled `Result::unwrap()` on an `Err` value: SendError { .. }"),
        t("Edit", "src/pipeline.rs"), t("Bash", command="cargo run --release -- backfill --from 2026-03-01")],
        closing="Runs, but throughput dropped by 10x; reverted.", chunks=3),
    session("pw-oom-3", 24, "unknown", [
        "hey! quick one first: is clippy happy on main?", "fine. the big backfill job gets killed by the kernel again (exit 137). look at the row group size in the parquet sink"], [
        t("Bash", command="cargo clippy"), t("Read", "src/sink/parquet.rs"), t("Read", "src/sink/mod.rs"),
        t("Edit", "src/sink/parquet.rs"), t("Edit", "src/config.rs"),
        t("Bash", command="cargo run --release -- backfill --from 2026-05-01", error="Killed: 9"),
        t("Bash", command="cargo run --release -- backfill --from 2026-05-01", error="memory allocation of 2147483648 bytes failed"),
        t("Bash", command="cargo run --release -- backfill --from 2026-05-01", error="Killed: 9")], chunks=3),
    session("pw-tz-1", 6, "reverted", ["Timestamps from the Kafka source come out shifted by two hours"], [
        t("Read", "src/source/kafka.rs"), t("Edit", "src/source/kafka.rs"), t("Edit", "src/schema.rs"),
        t("Bash", command="cargo test source::kafka", error="assertion `left == right` failed\n  left: 2026-06-06T12:00:00Z\n right: 2026-06-06T10:00:00Z")]),
    session("pw-tz-2", 15, "abandoned", [
        "Events from Kafka land in the wrong hour after the DST change. Parse them as UTC with chrono-tz?"], [
        t("Edit", "Cargo.toml"), t("Edit", "src/source/kafka.rs"),
        t("Bash", command="cargo test source::kafka", error="assertion `left == right` failed\n  left: 2026-10-25T03:00:00Z\n right: 2026-10-25T02:00:00Z")]),
    session("pw-conn-1", 4, "merged", ["Add a source connector for S3 bucket listings"], [
        t("Read", "src/source/mod.rs"), t("Read", "src/source/kafka.rs"), t("Write", "src/source/s3.rs"),
        t("Edit", "src/source/mod.rs"), t("Write", "tests/source_s3.rs"), t("Bash", command="cargo test --test source_s3"),
        t("Bash", command="cargo clippy -- -D warnings")]),
    session("pw-conn-2", 13, "merged", [
        "We want to ingest from Postgres logical replication. Feature: a new source, same trait as the others."], [
        t("Read", "src/source/mod.rs"), t("Write", "src/source/postgres.rs"), t("Edit", "src/source/mod.rs"),
        t("Edit", "Cargo.toml"), t("Write", "tests/source_postgres.rs"),
        t("Bash", command="cargo test --test source_postgres", error="error[E0046]: not all trait items implemented, missing: `checkpoint`"),
        t("Edit", "src/source/postgres.rs"), t("Bash", command="cargo test --test source_postgres"),
        t("Bash", command="cargo clippy -- -D warnings")], chunks=2),
    session("pw-conn-3", 22, "merged", ["hi", "one more input: read newline-delimited JSON files from a local directory"], [
        t("Write", "src/source/ndjson.rs"), t("Edit", "src/source/mod.rs"), t("Write", "tests/source_ndjson.rs"),
        t("Bash", command="cargo test --test source_ndjson", error="thread 'reads_lines' panicked at tests/source_ndjson.rs:19:5"),
        t("Edit", "src/source/ndjson.rs"), t("Bash", command="cargo test --test source_ndjson")]),
    session("pw-bench-1", 9, "merged", ["Add a criterion benchmark for the dedup stage"], [
        t("Read", "src/stage/dedup.rs"), t("Write", "benches/dedup.rs"), t("Edit", "Cargo.toml"),
        t("Bash", command="cargo bench --bench dedup")]),
    session("pw-bench-2", 20, "merged", ["need numbers for the join stage too, a bench like the dedup one"], [
        t("Read", "benches/dedup.rs"), t("Write", "benches/join.rs"), t("Edit", "Cargo.toml"),
        t("Bash", command="cargo bench --bench join", error="error: no bench target named `join`"),
        t("Edit", "Cargo.toml"), t("Bash", command="cargo bench --bench join")]),
    # hard negatives: the parquet sink and the Kafka source, other tasks
    session("pw-parquet-compress", 11, "merged", ["Write parquet with zstd compression instead of snappy"], [
        t("Edit", "src/sink/parquet.rs"), t("Edit", "src/config.rs"), t("Bash", command="cargo test sink")]),
    session("pw-kafka-auth", 17, "abandoned", ["Connect to the Kafka cluster with SASL/SCRAM"], [
        t("Edit", "src/source/kafka.rs"), t("Edit", "Cargo.toml"),
        t("Bash", command="cargo build", error="error: failed to run custom build command for `rdkafka-sys v4.7.0`")]),
    session("pw-readme", 18, "merged", ["document the backfill flags in the README"], [
        t("Read", "src/backfill.rs"), t("Edit", "README.md")]),
]

# A Kotlin Android app: a crash on rotate chased twice (report and request), screens added often.
android = [
    session("ad-rotate-1", 2, "abandoned", [
        "Crash report: the app dies when you rotate the phone on the profile screen"], [
        t("Read", "app/src/main/java/com/tally/profile/ProfileFragment.kt"),
        t("Edit", "app/src/main/java/com/tally/profile/ProfileFragment.kt"),
        t("Bash", command="./gradlew connectedAndroidTest",
          error="java.lang.IllegalStateException: Fragment ProfileFragment{a1b2} not attached to a context."),
        t("Edit", "app/src/main/java/com/tally/profile/ProfileViewModel.kt")]),
    session("ad-rotate-2", 11, "reverted", [
        "Please keep the profile state across configuration changes: move the loading into the ViewModel"], [
        t("Edit", "app/src/main/java/com/tally/profile/ProfileViewModel.kt"),
        t("Edit", "app/src/main/java/com/tally/profile/ProfileFragment.kt"),
        t("Bash", command="./gradlew testDebugUnitTest"),
        t("Bash", command="./gradlew connectedAndroidTest",
          error="java.lang.IllegalStateException: Fragment ProfileFragment{c3d4} not attached to a context.")],
        closing="Passes on the emulator only sometimes; reverted."),
    session("ad-rotate-3", 18, "unknown", [
        "profile screen + orientation change = crash, still. saved state handle maybe?"], [
        t("Edit", "app/src/main/java/com/tally/profile/ProfileViewModel.kt"),
        t("Bash", command="./gradlew connectedAndroidTest",
          error="java.lang.IllegalStateException: Fragment ProfileFragment{e5f6} not attached to a context."),
        t("Bash", command="./gradlew connectedAndroidTest",
          error="java.lang.IllegalStateException: Fragment ProfileFragment{a7b8} not attached to a context."),
        t("Bash", command="./gradlew testDebugUnitTest", error="ProfileViewModelTest > restoresState FAILED")]),
    session("ad-screen-1", 4, "merged", ["Add a settings screen with a dark theme switch"], [
        t("Read", "app/src/main/res/navigation/nav_graph.xml"),
        t("Write", "app/src/main/java/com/tally/settings/SettingsFragment.kt"),
        t("Write", "app/src/main/res/layout/fragment_settings.xml"),
        t("Edit", "app/src/main/res/navigation/nav_graph.xml"),
        t("Bash", command="./gradlew testDebugUnitTest"), t("Bash", command="./gradlew lintDebug")]),
    session("ad-screen-2", 13, "merged", ["New screen listing past receipts, reachable from the home tab"], [
        t("Read", "app/src/main/java/com/tally/settings/SettingsFragment.kt"),
        t("Write", "app/src/main/java/com/tally/receipts/ReceiptsFragment.kt"),
        t("Write", "app/src/main/res/layout/fragment_receipts.xml"),
        t("Edit", "app/src/main/res/navigation/nav_graph.xml"),
        t("Bash", command="./gradlew lintDebug", error="Error: Missing contentDescription attribute on image [ContentDescription]"),
        t("Edit", "app/src/main/res/layout/fragment_receipts.xml"),
        t("Bash", command="./gradlew testDebugUnitTest"), t("Bash", command="./gradlew lintDebug")], chunks=2),
    session("ad-screen-3", 25, "merged", [
        "hello!", "the about page: version, licences, a link to the privacy policy. wire it into the nav graph like the others"], [
        t("Write", "app/src/main/java/com/tally/about/AboutFragment.kt"),
        t("Write", "app/src/main/res/layout/fragment_about.xml"),
        t("Edit", "app/src/main/res/navigation/nav_graph.xml"),
        t("Bash", command="./gradlew testDebugUnitTest"), t("Bash", command="./gradlew lintDebug")]),
    session("ad-strings-1", 7, "merged", ["Translate the new strings into German"], [
        t("Read", "app/src/main/res/values/strings.xml"), t("Edit", "app/src/main/res/values-de/strings.xml"),
        t("Bash", command="./gradlew lintDebug")]),
    session("ad-strings-2", 20, "merged", ["french translations for everything added this sprint"], [
        t("Read", "app/src/main/res/values/strings.xml"), t("Edit", "app/src/main/res/values-fr/strings.xml"),
        t("Bash", command="./gradlew lintDebug", error="Error: \"receipts_title\" is not translated in \"fr\" (French) [MissingTranslation]"),
        t("Edit", "app/src/main/res/values-fr/strings.xml"), t("Bash", command="./gradlew lintDebug")]),
    # hard negatives: the profile files and the nav graph, other tasks
    session("ad-avatar", 9, "reverted", ["Let users crop their avatar before upload on the profile screen"], [
        t("Edit", "app/src/main/java/com/tally/profile/ProfileFragment.kt"),
        t("Write", "app/src/main/java/com/tally/profile/AvatarCropper.kt"),
        t("Bash", command="./gradlew assembleDebug", error="e: AvatarCropper.kt:12:8 Unresolved reference: CropImageView")]),
    session("ad-deeplink", 15, "merged", ["Open receipts directly from a tally:// deep link"], [
        t("Edit", "app/src/main/res/navigation/nav_graph.xml"), t("Edit", "app/src/main/AndroidManifest.xml"),
        t("Bash", command="./gradlew testDebugUnitTest")]),
    session("ad-gradle", 22, "unknown", ["Upgrade the Android Gradle plugin to 8.7"], [
        t("Edit", "build.gradle.kts"), t("Edit", "gradle/libs.versions.toml"),
        t("Bash", command="./gradlew assembleDebug", error="Could not resolve com.android.tools.build:gradle:8.7.0."),
        t("Bash", command="./gradlew assembleDebug --refresh-dependencies", error="Could not resolve com.android.tools.build:gradle:8.7.0."),
        t("Bash", command="./gradlew --version")]),
]

dataset = {
    "version": 1,
    "projects": [
        {"id": "harbor", "repo": "/home/ana/src/harbor", "language": "ruby", "sessions": harbor},
        {"id": "pipewise", "repo": "/Users/kim/dev/pipewise", "language": "rust", "sessions": pipe},
        {"id": "tally-android", "repo": "/home/raj/AndroidStudioProjects/tally", "language": "kotlin", "sessions": android},
    ],
    "labels": {
        "failedGroups": [
            ["hb-guest-1", "hb-guest-2", "hb-guest-3"], ["hb-search-1", "hb-search-2"],
            ["pw-oom-1", "pw-oom-2", "pw-oom-3"], ["pw-tz-1", "pw-tz-2"],
            ["ad-rotate-1", "ad-rotate-2", "ad-rotate-3"],
        ],
        "skillGroups": [
            ["hb-mailer-1", "hb-mailer-2", "hb-mailer-3"], ["hb-admin-1", "hb-admin-2"],
            ["pw-conn-1", "pw-conn-2", "pw-conn-3"], ["pw-bench-1", "pw-bench-2"],
            ["ad-screen-1", "ad-screen-2", "ad-screen-3"], ["ad-strings-1", "ad-strings-2"],
        ],
    },
}
with open(__file__.replace("write-sessions-3.py", "sessions-3.json"), "w") as out:
    json.dump(dataset, out, indent=1)
    out.write("\n")
