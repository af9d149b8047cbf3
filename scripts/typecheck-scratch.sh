# Sourced by the typecheck-*.sh scripts: reads `[--platform P] [target]`
# from "$@" into $platform, $target (iOS 17.0 / macOS 14.0 by default, the
# navigator's floor) and $tool, and makes $scratch, a package holding
# NavState's library targets ($modules) for typecheck-apple.sh, removed on
# exit.
root=$(cd "$(dirname "$0")/.." && pwd)
platform=ios
if [ "${1:-}" = "--platform" ]; then platform=$2; shift 2; fi
case $platform in macos) floor=14.0 ;; *) floor=17.0 ;; esac
target=${1:-$floor}
tool=${TYPECHECK_APPLE:-$root/../shared/tools/typecheck-apple.sh}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
modules="NavStateModel NavStateReports NavStateSQLite NavState NavStateScenes NavStateUI NavStateNavigator"
mkdir -p "$scratch/Sources"
for module in $modules CNavStateSQLite; do cp -r "$root/Sources/$module" "$scratch/Sources/$module"; done
cp "$root/Package.swift" "$scratch/"
