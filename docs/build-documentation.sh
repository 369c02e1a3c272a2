#!/usr/bin/env bash
# Builds the DocC documentation of the Switchyard module with the toolchain's own `docc`
# (no package plugin, so the package keeps no extra dependency) and fails on any DocC warning.
#
#   docs/build-documentation.sh [OUTPUT]   (default: .build-docs/Switchyard.doccarchive)
#
# Then browse it with `docc preview Sources/Switchyard/Switchyard.docc
# --additional-symbol-graph-dir .build-docs/symbol-graphs`, or serve OUTPUT as a static site.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
symbols="$scratch/symbol-graphs"
output=${1:-$scratch/Switchyard.doccarchive}

# The symbol graph of the public API, from a build kept apart from the usual .build folder.
# The compiler writes it only when it compiles the module, so when the build is up to date and
# the graph is missing, the scratch folder is removed and the module built again.
build_symbols() {
  mkdir -p "$symbols"
  swift build --scratch-path "$scratch" --target Switchyard \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$symbols" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
}
build_symbols
if [ ! -s "$symbols/Switchyard.symbols.json" ]; then
  rm -rf "$scratch"
  build_symbols
fi
[ -s "$symbols/Switchyard.symbols.json" ] || { echo "error: no symbol graph in $symbols"; exit 1; }

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  docc=$(dirname "$(command -v swift)")/docc
fi
[ -x "$docc" ] || docc="xcrun docc"

rm -rf "$output"
$docc convert Sources/Switchyard/Switchyard.docc \
  --additional-symbol-graph-dir "$symbols" \
  --fallback-display-name Switchyard \
  --fallback-bundle-identifier org.switchyard.Switchyard \
  --output-path "$output" \
  --warnings-as-errors
echo "documentation: $output"
