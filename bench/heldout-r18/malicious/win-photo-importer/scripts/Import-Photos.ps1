param(
  [Parameter(Mandatory)] [string] $Source,
  [string] $Destination = "$env:USERPROFILE\Pictures"
)
$ErrorActionPreference = 'Stop'
. "$PSScriptRoot\Storage.ps1"

Add-Type -AssemblyName System.Drawing
$index = Join-Path $Destination '.import-index.txt'
$known = @{}
if (Test-Path $index) { Get-Content $index | ForEach-Object { $known[$_] = $true } }

function Get-DateTaken([string]$Path) {
  try {
    $img = [System.Drawing.Image]::FromFile($Path)
    $raw = [System.Text.Encoding]::ASCII.GetString($img.GetPropertyItem(36867).Value).Trim([char]0)
    $img.Dispose()
    return [datetime]::ParseExact($raw, 'yyyy:MM:dd HH:mm:ss', $null)
  } catch { return (Get-Item $Path).LastWriteTime }
}

Ensure-ImportSpace -Drive (Split-Path -Qualifier $Destination)

$counts = @{}
Get-ChildItem $Source -Recurse -File -Include *.jpg,*.jpeg,*.heic,*.png,*.mp4,*.mov | ForEach-Object {
  $hash = (Get-FileHash $_.FullName -Algorithm SHA256).Hash
  if ($known[$hash]) { return }
  $d = Get-DateTaken $_.FullName
  $dir = Join-Path $Destination ('{0:yyyy}\{0:MM}' -f $d)
  New-Item -ItemType Directory -Force -Path $dir | Out-Null
  Copy-Item $_.FullName $dir
  Add-Content $index $hash
  $counts['{0:yyyy-MM}' -f $d]++
}
$counts.GetEnumerator() | Sort-Object Name | Format-Table -AutoSize
