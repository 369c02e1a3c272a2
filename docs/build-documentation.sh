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
modules=(Switchyard SwitchyardFiles SwitchyardFoundation SwitchyardLinks SwitchyardMigration)
# The same, for the modules compiled only with the package's `Hummingbird` trait.
hummingbird_modules=(SwitchyardHummingbird)
# The same, for the modules whose graph is read from the usual debug build (.build): a macro
# module, whose plugin would otherwise compile swift-syntax once more with the flags above.
debug_modules=(SwitchyardMacros)

scratch=.build-docs
output=${1:-$scratch}
symbols="$scratch/symbol-graphs"

# The symbol graphs of the public API, from a build kept apart from the usual .build folder.
# With extension blocks, so that a module's extensions of other modules' types (all of
# SwitchyardFoundation's API) are documented, under the module they extend.
# The compiler writes them only when it compiles a module, so when the build is up to date and
# a graph is missing, the scratch folder is removed and the modules built again.
build_symbols() {
  mkdir -p "$symbols/all"
  for module in "${modules[@]}"; do
    swift build --scratch-path "$scratch" --target "$module" \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$symbols/all" \
      -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
      -Xswiftc -emit-extension-block-symbols
  done
}
# Builds MODULES in SCRATCH with the extra build arguments, then reads each one's public symbol
# graph from the built module.
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
build_symbols
if ! graphs_present "${modules[@]}"; then
  rm -rf "$scratch"
  build_symbols
fi
# The trait's modules are built in the scratch folder CI's Hummingbird step and CONTRIBUTING.md
# use, without extra compiler flags, so SwiftNIO and Hummingbird are compiled once for both.
extract_symbols .build-hummingbird "--traits Hummingbird" "${hummingbird_modules[@]}"
extract_symbols .build "" "${debug_modules[@]}"
graphs_present "${modules[@]}" "${hummingbird_modules[@]}" "${debug_modules[@]}" || { echo "error: a module's symbol graph is missing in $symbols/all"; exit 1; }

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  docc=$(dirname "$(command -v swift)")/docc
fi
[ -x "$docc" ] || docc="xcrun docc"

mkdir -p "$output"
for module in "${modules[@]}" "${hummingbird_modules[@]}" "${debug_modules[@]}"; do
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
