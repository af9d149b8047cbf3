#!/usr/bin/env bash
# Regenerates Sources/NavState/Store/Schema/SchemaMigration+All.swift from the
# numbered SQL files in Migrations/, the only place the schema is written.
# Run it after adding or changing a migration, and commit both;
# MigrationFileTests fails while the generated file is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
swift run --quiet EmbedMigrationsTool Sources/NavState/Store/Schema/SchemaMigration+All.swift Migrations/*.sql
echo "wrote Sources/NavState/Store/Schema/SchemaMigration+All.swift from $(ls Migrations/*.sql | wc -l | tr -d ' ') migrations"
