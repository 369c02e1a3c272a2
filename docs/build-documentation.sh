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
modules=(Switchyard SwitchyardFiles)

scratch=.build-docs
output=${1:-$scratch}
symbols="$scratch/symbol-graphs"

# The symbol graphs of the public API, from a build kept apart from the usual .build folder.
# The compiler writes them only when it compiles a module, so when the build is up to date and
# a graph is missing, the scratch folder is removed and the modules built again.
build_symbols() {
  mkdir -p "$symbols/all"
  for module in "${modules[@]}"; do
    swift build --scratch-path "$scratch" --target "$module" \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$symbols/all" \
      -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
  done
}
graphs_present() {
  for module in "${modules[@]}"; do
    [ -s "$symbols/all/$module.symbols.json" ] || return 1
  done
}
build_symbols
if ! graphs_present; then
  rm -rf "$scratch"
  build_symbols
fi
graphs_present || { echo "error: a module's symbol graph is missing in $symbols/all"; exit 1; }

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  docc=$(dirname "$(command -v swift)")/docc
fi
[ -x "$docc" ] || docc="xcrun docc"

mkdir -p "$output"
for module in "${modules[@]}"; do
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
  echo "documentation: $output/$module.doccarchive"
done
