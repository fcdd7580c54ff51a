[CmdletBinding(SupportsShouldProcess)]
param([switch]$SkipMachineWide)

$userScope = @('OpenJS.NodeJS.LTS', 'Python.Python.3.12', 'Microsoft.VisualStudioCode', 'Microsoft.WindowsTerminal')
$machineScope = @('Git.Git', 'Microsoft.PowerShell')

Write-Host "User-scope packages:    $($userScope -join ', ')"
Write-Host "Machine-wide (UAC):     $($machineScope -join ', ')"

foreach ($id in $userScope) {
    if ($PSCmdlet.ShouldProcess($id, 'winget install --scope user')) {
        winget install --id $id --exact --scope user --accept-package-agreements --accept-source-agreements
    }
}

if (-not $SkipMachineWide) {
    $answer = Read-Host 'Install machine-wide packages? Windows will ask for administrator approval (y/N)'
    if ($answer -eq 'y') {
        foreach ($id in $machineScope) {
            if ($PSCmdlet.ShouldProcess($id, 'winget install (elevated)')) {
                Start-Process winget -Verb RunAs -Wait -ArgumentList @('install', '--id', $id, '--exact', '--accept-package-agreements', '--accept-source-agreements')
            }
        }
    }
}
Write-Host 'Done. Open a new terminal so PATH changes apply.'
