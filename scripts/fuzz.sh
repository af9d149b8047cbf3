#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with AddressSanitizer and runs each
# for a bounded time on its checked-in seed corpus.
# Usage: scripts/fuzz.sh [seconds-per-target]   (default 60)
# A crashing input is written to Fuzz/Regressions/; FuzzRegressionTests then
# runs it in every `swift test`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
out="$root/.build/fuzz"
mkdir -p "$out"

# The model and the importers, compiled into one module with the fuzz
# target: their imports of each other are dropped on the copy.
sources="$out/sources"
rm -rf "$sources" && mkdir -p "$sources"
library=()
while IFS= read -r file; do
    copy="$sources/$(basename "$file")"
    grep -vE '^(public |package )?import NavState(Model|SQLite)?$' "$file" > "$copy"
    library+=("$copy")
done < <(find "$root/Sources/NavStateModel" -name '*.swift'; \
         for file in SceneImport SceneState+JSON ToolingErrors; do echo "$root/Sources/NavStateTooling/$file.swift"; done; \
         for file in Saving/RevisionChange Saving/SlotMap Saving/StorableElement Restoring/StoredRange; do echo "$root/Sources/NavState/Store/$file.swift"; done)

flags=(-sanitize=fuzzer,address -parse-as-library -O -swift-version 6 -module-name NavStateFuzz -package-name NavStateFuzz
       -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
       -enable-upcoming-feature MemberImportVisibility)

for target in representation scene import payload change; do
    source="$root/Fuzz/$(tr '[:lower:]' '[:upper:]' <<< "${target:0:1}")${target:1}Fuzzer.swift"
    echo "== building $target fuzzer" >&2
    # ld.gold warns about every sanitizer symbol it cannot export; that is noise.
    swiftc "${flags[@]}" "${library[@]}" "$source" -o "$out/$target" 2>&1 | { grep -v "Cannot export local symbol" || true; } >&2
    test "${PIPESTATUS[0]}" -eq 0
    corpus="$out/corpus-$target"
    mkdir -p "$corpus"
    cp "$root/Fuzz/Corpus/$target/"* "$corpus/"
    echo "== fuzzing $target for ${seconds}s" >&2
    "$out/$target" "$corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
        -artifact_prefix="$root/Fuzz/Regressions/$target-" -print_final_stats=1 2>&1 \
        | grep -E "^(stat::number_of_executed_units|stat::new_units_added|==[0-9]+==ERROR|SUMMARY)" || true
done
# The store target builds a whole store file from each input, so it is built
# with the package (SwiftPM, every module instrumented), not from copies.
echo "== building store fuzzer" >&2
(cd "$root" && swift build -c release --product StoreFuzzer --scratch-path "$out/store-build" \
    -Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld 2>&1 \
    | { grep -E "error|warning: " || true; } >&2)
corpus="$out/corpus-store"
mkdir -p "$corpus"
cp "$root/Fuzz/Corpus/store/"* "$corpus/"
echo "== fuzzing store for ${seconds}s" >&2
"$out/store-build/release/StoreFuzzer" "$corpus" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -artifact_prefix="$root/Fuzz/Regressions/store-" -print_final_stats=1 2>&1 \
    | grep -E "^(stat::number_of_executed_units|stat::new_units_added|==[0-9]+==ERROR|SUMMARY)" || true
if ls "$root/Fuzz/Regressions/"*-crash-* >/dev/null 2>&1; then
    echo "crashing inputs were saved in Fuzz/Regressions/; commit them and fix the code" >&2
    exit 1
fi
echo "no crashes" >&2
