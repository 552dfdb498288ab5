# Shared by the scripts that run the release build (source it): release_build goes to the
# repository's root, runs cargo build --release and sets ARENA and TETSUGAKU (relative paths,
# CARGO_TARGET_DIR respected).

release_build() {
  cd "$(dirname "${BASH_SOURCE[0]}")/../.."
  echo "== cargo build --release" >&2
  cargo build --release --quiet
  local target=${CARGO_TARGET_DIR:-target}
  ARENA=$target/release/arena TETSUGAKU=$target/release/tetsugaku
}
