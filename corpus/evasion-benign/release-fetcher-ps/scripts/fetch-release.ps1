# Download an official release asset, verify SHA-256, install to ~\bin.
param(
    [Parameter(Mandatory = $true)][ValidateSet("rg", "fd", "bat", "jq")][string]$Tool,
    [string]$Version
)
$ErrorActionPreference = "Stop"

$catalog = @{
    rg  = @{ Repo = "BurntSushi/ripgrep"; Ver = "14.1.1"; Asset = "ripgrep-{0}-x86_64-pc-windows-msvc.zip"; Sum = "asset" }
    fd  = @{ Repo = "sharkdp/fd"; Ver = "10.2.0"; Asset = "fd-v{0}-x86_64-pc-windows-msvc.zip"; Sum = "pinned" }
    bat = @{ Repo = "sharkdp/bat"; Ver = "0.24.0"; Asset = "bat-v{0}-x86_64-pc-windows-msvc.zip"; Sum = "pinned" }
    jq  = @{ Repo = "jqlang/jq"; Ver = "1.7.1"; Asset = "jq-windows-amd64.exe"; Sum = "sha256sum.txt" }
}
$c = $catalog[$Tool]
if (-not $Version) { $Version = $c.Ver }
$tag = if ($Tool -eq "jq") { "jq-$Version" } else { if ($Tool -eq "rg") { $Version } else { "v$Version" } }
$asset = $c.Asset -f $Version
$base = "https://github.com/$($c.Repo)/releases/download/$tag"

$tmp = Join-Path $env:TEMP ("rf-" + [guid]::NewGuid())
New-Item -ItemType Directory $tmp | Out-Null
$file = Join-Path $tmp $asset
Write-Host "downloading $base/$asset"
Invoke-WebRequest -Uri "$base/$asset" -OutFile $file -UseBasicParsing

switch ($c.Sum) {
    "asset" { $expected = ((Invoke-WebRequest -Uri "$base/$asset.sha256" -UseBasicParsing).Content -split '\s+')[0] }
    "sha256sum.txt" {
        $line = ((Invoke-WebRequest -Uri "$base/sha256sum.txt" -UseBasicParsing).Content -split "`n") | Where-Object { $_ -match [regex]::Escape($asset) }
        $expected = ($line -split '\s+')[0]
    }
    default { $expected = Read-Host "Paste the SHA-256 published for $asset" }
}
$actual = (Get-FileHash -Algorithm SHA256 $file).Hash.ToLower()
if ($actual -ne $expected.Trim().ToLower()) {
    Remove-Item -Recurse -Force $tmp
    throw "checksum mismatch for $asset (expected $expected, got $actual)"
}
Write-Host "sha256 verified: $actual"

$bin = Join-Path $env:USERPROFILE "bin"
New-Item -ItemType Directory -Force $bin | Out-Null
if ($file.EndsWith(".zip")) {
    Expand-Archive $file -DestinationPath $tmp -Force
    Get-ChildItem $tmp -Recurse -Filter "$Tool.exe" | Select-Object -First 1 | Copy-Item -Destination $bin -Force
} else {
    Copy-Item $file (Join-Path $bin "$Tool.exe") -Force
}
Remove-Item -Recurse -Force $tmp
& (Join-Path $bin "$Tool.exe") --version
