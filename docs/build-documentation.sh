#!/usr/bin/env bash
# Builds the DocC documentation of each documented module with the toolchain's own `docc` (no
# package plugin, so the package keeps no extra dependency) and fails on any DocC warning.
#
#   docs/build-documentation.sh [OUTPUT-FOLDER]   (default: .build-docs)
#
# Each module gets OUTPUT-FOLDER/MODULE.doccarchive. Browse one with
# `docc preview Sources/MODULE/MODULE.docc --additional-symbol-graph-dir .build-docs/symbol-graphs/MODULE`,
# or serve an archive as a static site.
set -euo pipefail
cd "$(dirname "$0")/.."

# The modules with a DocC catalog at Sources/MODULE/MODULE.docc.
modules=(Switchyard SwitchyardFiles SwitchyardFoundation SwitchyardLinks SwitchyardMigration SwitchyardMacros)
# The same, for the modules compiled only with the package's `Hummingbird` trait.
hummingbird_modules=(SwitchyardHummingbird)

output=${1:-.build-docs}
symbols="$output/symbol-graphs"

# The symbol graphs are read from modules already built, so the documentation compiles nothing
# that the tests have not compiled: the usual debug build (.build) for the modules without a
# trait, and the trait build CI's server step and CONTRIBUTING.md use (.build-server) for the
# trait's module. Each step below builds its modules first, which is a no-op when they are built.
#
#   extract_symbols SCRATCH "ARGUMENTS" MODULE...
extract_symbols() {
  local scratch=$1 arguments=$2
  shift 2
  local module
  for module in "$@"; do
    # shellcheck disable=SC2086 # the arguments are words on purpose
    swift build $arguments --scratch-path "$scratch" --target "$module"
  done
  local bin
  # shellcheck disable=SC2086
  bin=$(swift build $arguments --scratch-path "$scratch" --show-bin-path)
  local triple
  triple=$(basename "$(dirname "$bin")")
  # The C modules of the dependencies (SwiftNIO's shims) are found through their module maps
  # and headers.
  local clang=()
  while IFS= read -r map; do clang+=(-Xcc "-fmodule-map-file=$map"); done \
    < <(find "$bin" -maxdepth 2 -name module.modulemap)
  while IFS= read -r include; do clang+=(-Xcc "-I$include"); done \
    < <(find "$scratch/checkouts" -type d -name include -path '*/Sources/*' 2>/dev/null)
  # With extension blocks, so that a module's extensions of other modules' types (all of
  # SwitchyardFoundation's API) are documented, under the module they extend.
  for module in "$@"; do
    "$(dirname "$(command -v swift)")/swift-symbolgraph-extract" -module-name "$module" \
      -target "$triple" -I "$bin/Modules" "${clang[@]}" \
      -minimum-access-level public -emit-extension-block-symbols -output-dir "$symbols/all"
  done
}
# Whether the graph of each module named is present.
graphs_present() {
  for module in "$@"; do
    [ -s "$symbols/all/$module.symbols.json" ] || return 1
  done
}
rm -rf "$symbols"
mkdir -p "$symbols/all"
extract_symbols .build "" "${modules[@]}"
extract_symbols .build-server "--traits Hummingbird,Links,Doctor" "${hummingbird_modules[@]}"
graphs_present "${modules[@]}" "${hummingbird_modules[@]}" || { echo "error: a module's symbol graph is missing in $symbols/all"; exit 1; }

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  docc=$(dirname "$(command -v swift)")/docc
fi
[ -x "$docc" ] || docc="xcrun docc"

mkdir -p "$output"
for module in "${modules[@]}" "${hummingbird_modules[@]}"; do
  # One module's graphs: its own and its extensions of other modules' types (MODULE@OTHER).
  rm -rf "${symbols:?}/$module"
  mkdir -p "$symbols/$module"
  cp "$symbols/all/$module.symbols.json" "$symbols/$module/"
  cp "$symbols/all/$module@"*.symbols.json "$symbols/$module/" 2>/dev/null || true
  rm -rf "$output/$module.doccarchive"
  $docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$symbols/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.switchyard.$module" \
    --output-path "$output/$module.doccarchive" \
    --warnings-as-errors
  # An archive that holds only its landing page documents nothing: its symbols were lost.
  pages=$(find "$output/$module.doccarchive/data/documentation" -name '*.json' | wc -l)
  if [ "$pages" -le 1 ]; then
    echo "error: $output/$module.doccarchive holds only its landing page (no symbols)"
    exit 1
  fi
  echo "documentation: $output/$module.doccarchive ($pages pages)"
done
