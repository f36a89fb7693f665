// My account: the loan tools exist only while a patron is signed in.
const mc = document.modelContext;

const signedOut = document.getElementById('signed-out');
const signedIn = document.getElementById('signed-in');
const loansTable = document.getElementById('loans');

async function fetchLoans() {
  const response = await fetch('/api/loans', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not load your loans (HTTP ${response.status})`);
  return (await response.json()).loans;
}

function renderLoans(loans) {
  loansTable.replaceChildren(
    ...loans.map((loan) => {
      const row = document.createElement('tr');
      row.innerHTML = `<td></td><td>${loan.due}</td><td>${loan.renewalsLeft}</td><td><button data-renew="${loan.id}">Renew</button></td>`;
      row.firstElementChild.textContent = loan.title;
      return row;
    }),
  );
}

async function renewLoan(loanId) {
  const response = await fetch(`/api/loans/${encodeURIComponent(loanId)}/renew`, {
    method: 'POST',
    credentials: 'same-origin',
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.reason || 'The loan could not be renewed.');
  renderLoans(await fetchLoans());
  return body;
}

async function registerLoanTools() {
  await mc.registerTool({
    name: 'list_loans',
    description: 'Lists the items the signed-in patron has on loan, with due dates and renewals left.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    async execute() {
      const loans = await fetchLoans();
      return { loans: loans.map(({ id, title, due, renewalsLeft }) => ({ id, title, due, renewalsLeft })) };
    },
  });

  await mc.registerTool({
    name: 'renew_loan',
    description: 'Renews one loan for another three weeks, if it has renewals left and nobody has a hold on it.',
    inputSchema: {
      type: 'object',
      properties: { loanId: { type: 'string', description: 'The id from list_loans' } },
      required: ['loanId'],
    },
    async execute({ loanId }) {
      const { due } = await renewLoan(loanId);
      return { renewed: loanId, due };
    },
  });
}

function removeLoanTools() {
  mc.unregisterTool('list_loans');
  mc.unregisterTool('renew_loan');
}

async function showAccount() {
  const response = await fetch('/api/session', { credentials: 'same-origin' });
  if (!response.ok) {
    signedOut.hidden = false;
    signedIn.hidden = true;
    return;
  }
  const patron = await response.json();
  document.getElementById('patron-name').textContent = patron.firstName;
  signedOut.hidden = true;
  signedIn.hidden = false;
  renderLoans(await fetchLoans());
  await registerLoanTools();
}

loansTable.addEventListener('click', async (event) => {
  const id = event.target.dataset?.renew;
  if (!id) return;
  try {
    await renewLoan(id);
  } catch (error) {
    alert(error.message);
  }
});

document.getElementById('sign-out').addEventListener('click', async () => {
  await fetch('/api/session', { method: 'DELETE', credentials: 'same-origin' });
  removeLoanTools();
  signedIn.hidden = true;
  signedOut.hidden = false;
});

showAccount();
