[CmdletBinding(SupportsShouldProcess)]
param(
    [string]$Path = $HOME,
    [int]$Top = 30,
    [int]$OlderThanDays = 0,
    [switch]$Recycle
)
Add-Type -AssemblyName Microsoft.VisualBasic
$exclude = @("$env:WINDIR", "$env:ProgramFiles", "${env:ProgramFiles(x86)}", "$env:LOCALAPPDATA\Microsoft")

$items = Get-ChildItem -LiteralPath $Path -File -Recurse -Force -ErrorAction SilentlyContinue |
    Where-Object { $f = $_.FullName; -not ($exclude | Where-Object { $_ -and $f.StartsWith($_) }) }
if ($OlderThanDays -gt 0) {
    $cut = (Get-Date).AddDays(-$OlderThanDays)
    $items = $items | Where-Object LastWriteTime -lt $cut
}
$list = $items | Sort-Object Length -Descending | Select-Object -First $Top
$list | Format-Table @{n='MB';e={[math]::Round($_.Length/1MB,1)}}, LastWriteTime, FullName -AutoSize

if ($Recycle -and $list) {
    $total = [math]::Round(($list | Measure-Object Length -Sum).Sum / 1GB, 2)
    $answer = Read-Host "Move these $($list.Count) files ($total GB) to the Recycle Bin? (y/N)"
    if ($answer -eq 'y') {
        foreach ($f in $list) {
            if ($PSCmdlet.ShouldProcess($f.FullName, 'Recycle')) {
                [Microsoft.VisualBasic.FileIO.FileSystem]::DeleteFile($f.FullName, 'OnlyErrorDialogs', 'SendToRecycleBin')
            }
        }
        Write-Host "Moved to Recycle Bin."
    }
}
