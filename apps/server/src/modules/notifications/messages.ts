import type { Locale, NotificationKind } from '@household/contracts';

/**
 * The texts of pushes and mails, in the recipient's language. `{name}` is replaced by the
 * notification's data (see render.ts); the web app has its own texts for the in-app list.
 */
interface Texts {
  kinds: Record<
    NotificationKind,
    /** `bodyOne` when `count` is 1; `bodyDeclined` when `answer` is "declined". */
    { title: string; body: string; bodyOne?: string; bodyDeclined?: string }
  >;
  someone: string;
  open: string;
  digestSubject: string;
  digestIntro: string;
  footer: string;
  unsubscribe: string;
}

export const MESSAGES: Record<Locale, Texts> = {
  en: {
    kinds: {
      chore_due: { title: 'Due today: {chore_name}', body: '{chore_name} is due today.' },
      chore_overdue: {
        title: 'Overdue: {chore_name}',
        body: '{chore_name} was due on {due_date}.',
      },
      chore_assigned: {
        title: 'New chore for you',
        body: '{actor_name} assigned you {count} chores in {group_name}, starting with {chore_name}.',
        bodyOne: '{actor_name} assigned you {chore_name} in {group_name} (due {due_date}).',
      },
      list_changes: {
        title: '{list_name} changed',
        body: '{actor_name} changed {count} items: {item_names}.',
        bodyOne: '{actor_name} changed an item: {item_names}.',
      },
      expense_added: {
        title: 'New expense in {group_name}',
        body: '{actor_name} added {expense_description} ({amount}), paid by {payer_name}.',
      },
      settlement_received: {
        title: 'Payment received',
        body: '{payer_name} paid you {amount} in {group_name}.',
      },
      invitation: {
        title: 'Invitation to {group_name}',
        body: '{actor_name} invited you to join {group_name}.',
      },
      sign_in_attempts: {
        title: 'Sign-in attempts on your account',
        body: 'Someone tried {count} times to sign in to your account with a wrong password. Your password still protects it.',
      },
      bill_amount_needed: {
        title: 'Amount needed: {expense_description}',
        body: 'The bill {expense_description} of {due_date} waits for its amount. It counts in no balance until you fill it in.',
      },
      chore_swap_requested: {
        title: 'Can you take {chore_name}?',
        body: '{actor_name} asks you to take their turn of {chore_name} on {due_date}.',
      },
      chore_swap_answered: {
        title: 'Swap of {chore_name}',
        body: '{actor_name} takes your turn of {chore_name} on {due_date}.',
        bodyDeclined: '{actor_name} cannot take your turn of {chore_name} on {due_date}.',
      },
      channel_test: {
        title: 'Test notification',
        body: 'Notifications reach you here. Nothing else to do.',
      },
    },
    someone: 'Someone',
    open: 'Open',
    digestSubject: 'Your household today: {count} updates',
    digestIntro: 'Here is what happened since your last summary:',
    footer: 'You receive this mail because email notifications are on in your account settings.',
    unsubscribe: 'Stop these emails',
  },
  de: {
    kinds: {
      chore_due: { title: 'Heute fällig: {chore_name}', body: '{chore_name} ist heute fällig.' },
      chore_overdue: {
        title: 'Überfällig: {chore_name}',
        body: '{chore_name} war am {due_date} fällig.',
      },
      chore_assigned: {
        title: 'Neue Aufgabe für dich',
        body: '{actor_name} hat dir {count} Aufgaben in {group_name} zugeteilt, zuerst {chore_name}.',
        bodyOne:
          '{actor_name} hat dir {chore_name} in {group_name} zugeteilt (fällig am {due_date}).',
      },
      list_changes: {
        title: '{list_name} wurde geändert',
        body: '{actor_name} hat {count} Artikel geändert: {item_names}.',
        bodyOne: '{actor_name} hat einen Artikel geändert: {item_names}.',
      },
      expense_added: {
        title: 'Neue Ausgabe in {group_name}',
        body: '{actor_name} hat {expense_description} ({amount}) eingetragen, bezahlt von {payer_name}.',
      },
      settlement_received: {
        title: 'Zahlung erhalten',
        body: '{payer_name} hat dir in {group_name} {amount} gezahlt.',
      },
      invitation: {
        title: 'Einladung zu {group_name}',
        body: '{actor_name} hat dich eingeladen, {group_name} beizutreten.',
      },
      sign_in_attempts: {
        title: 'Anmeldeversuche bei deinem Konto',
        body: 'Jemand hat {count}-mal versucht, sich mit einem falschen Passwort bei deinem Konto anzumelden. Dein Passwort schützt es weiterhin.',
      },
      bill_amount_needed: {
        title: 'Betrag fehlt: {expense_description}',
        body: 'Die Rechnung {expense_description} vom {due_date} wartet auf ihren Betrag. Sie zählt in keinem Saldo, bis du ihn einträgst.',
      },
      chore_swap_requested: {
        title: 'Kannst du {chore_name} übernehmen?',
        body: '{actor_name} bittet dich, am {due_date} „{chore_name}“ zu übernehmen.',
      },
      chore_swap_answered: {
        title: 'Tausch: {chore_name}',
        body: '{actor_name} übernimmt am {due_date} „{chore_name}“ für dich.',
        bodyDeclined: '{actor_name} kann „{chore_name}“ am {due_date} nicht übernehmen.',
      },
      channel_test: {
        title: 'Testbenachrichtigung',
        body: 'Benachrichtigungen erreichen dich hier. Sonst ist nichts zu tun.',
      },
    },
    someone: 'Jemand',
    open: 'Öffnen',
    digestSubject: 'Dein Haushalt heute: {count} Neuigkeiten',
    digestIntro: 'Das ist seit deiner letzten Zusammenfassung passiert:',
    footer:
      'Du erhältst diese E-Mail, weil E-Mail-Benachrichtigungen in deinen Kontoeinstellungen eingeschaltet sind.',
    unsubscribe: 'Diese E-Mails abbestellen',
  },
  nl: {
    kinds: {
      chore_due: {
        title: 'Vandaag te doen: {chore_name}',
        body: '{chore_name} moet vandaag gebeuren.',
      },
      chore_overdue: {
        title: 'Achterstallig: {chore_name}',
        body: '{chore_name} moest op {due_date} gebeuren.',
      },
      chore_assigned: {
        title: 'Nieuwe taak voor jou',
        body: '{actor_name} heeft je {count} taken in {group_name} gegeven, te beginnen met {chore_name}.',
        bodyOne:
          '{actor_name} heeft je {chore_name} in {group_name} gegeven (uiterlijk {due_date}).',
      },
      list_changes: {
        title: '{list_name} is gewijzigd',
        body: '{actor_name} heeft {count} artikelen gewijzigd: {item_names}.',
        bodyOne: '{actor_name} heeft een artikel gewijzigd: {item_names}.',
      },
      expense_added: {
        title: 'Nieuwe uitgave in {group_name}',
        body: '{actor_name} heeft {expense_description} ({amount}) toegevoegd, betaald door {payer_name}.',
      },
      settlement_received: {
        title: 'Betaling ontvangen',
        body: '{payer_name} heeft je {amount} betaald in {group_name}.',
      },
      invitation: {
        title: 'Uitnodiging voor {group_name}',
        body: '{actor_name} nodigt je uit om lid te worden van {group_name}.',
      },
      sign_in_attempts: {
        title: 'Aanmeldpogingen op je account',
        body: 'Iemand heeft {count} keer geprobeerd met een verkeerd wachtwoord in te loggen op je account. Je wachtwoord beschermt het nog steeds.',
      },
      bill_amount_needed: {
        title: 'Bedrag nodig: {expense_description}',
        body: 'De rekening {expense_description} van {due_date} wacht op haar bedrag. Ze telt in geen enkel saldo mee tot je het invult.',
      },
      chore_swap_requested: {
        title: 'Kun jij {chore_name} overnemen?',
        body: '{actor_name} vraagt je om op {due_date} ‘{chore_name}’ over te nemen.',
      },
      chore_swap_answered: {
        title: 'Ruil: {chore_name}',
        body: '{actor_name} neemt ‘{chore_name}’ op {due_date} van je over.',
        bodyDeclined: '{actor_name} kan ‘{chore_name}’ op {due_date} niet overnemen.',
      },
      channel_test: {
        title: 'Testmelding',
        body: 'Meldingen bereiken je hier. Verder hoef je niets te doen.',
      },
    },
    someone: 'Iemand',
    open: 'Openen',
    digestSubject: 'Je huishouden vandaag: {count} updates',
    digestIntro: 'Dit is er gebeurd sinds je laatste overzicht:',
    footer: 'Je ontvangt deze e-mail omdat e-mailmeldingen aanstaan in je accountinstellingen.',
    unsubscribe: 'Deze e-mails stopzetten',
  },
  fr: {
    kinds: {
      chore_due: {
        title: "À faire aujourd'hui : {chore_name}",
        body: "{chore_name} est à faire aujourd'hui.",
      },
      chore_overdue: {
        title: 'En retard : {chore_name}',
        body: '{chore_name} était à faire le {due_date}.',
      },
      chore_assigned: {
        title: 'Nouvelle tâche pour vous',
        body: '{actor_name} vous a attribué {count} tâches dans {group_name}, à commencer par {chore_name}.',
        bodyOne:
          '{actor_name} vous a attribué {chore_name} dans {group_name} (pour le {due_date}).',
      },
      list_changes: {
        title: '{list_name} a été modifiée',
        body: '{actor_name} a modifié {count} articles : {item_names}.',
        bodyOne: '{actor_name} a modifié un article : {item_names}.',
      },
      expense_added: {
        title: 'Nouvelle dépense dans {group_name}',
        body: '{actor_name} a ajouté {expense_description} ({amount}), payé par {payer_name}.',
      },
      settlement_received: {
        title: 'Paiement reçu',
        body: '{payer_name} vous a payé {amount} dans {group_name}.',
      },
      invitation: {
        title: 'Invitation à rejoindre {group_name}',
        body: '{actor_name} vous invite à rejoindre {group_name}.',
      },
      sign_in_attempts: {
        title: 'Tentatives de connexion à votre compte',
        body: 'Quelqu’un a essayé {count} fois de se connecter à votre compte avec un mauvais mot de passe. Votre mot de passe le protège toujours.',
      },
      bill_amount_needed: {
        title: 'Montant à saisir : {expense_description}',
        body: 'La facture {expense_description} du {due_date} attend son montant. Elle ne compte dans aucun solde tant que vous ne l’avez pas saisi.',
      },
      chore_swap_requested: {
        title: 'Pouvez-vous faire {chore_name} ?',
        body: '{actor_name} vous demande de faire « {chore_name} » à sa place le {due_date}.',
      },
      chore_swap_answered: {
        title: 'Échange : {chore_name}',
        body: '{actor_name} fera « {chore_name} » à votre place le {due_date}.',
        bodyDeclined:
          '{actor_name} ne peut pas faire « {chore_name} » à votre place le {due_date}.',
      },
      channel_test: {
        title: 'Notification de test',
        body: 'Les notifications vous parviennent ici. Rien d’autre à faire.',
      },
    },
    someone: "Quelqu'un",
    open: 'Ouvrir',
    digestSubject: "Votre foyer aujourd'hui : {count} nouveautés",
    digestIntro: 'Voici ce qui s’est passé depuis votre dernier récapitulatif :',
    footer:
      'Vous recevez cet e-mail car les notifications par e-mail sont activées dans les paramètres de votre compte.',
    unsubscribe: 'Ne plus recevoir ces e-mails',
  },
  es: {
    kinds: {
      chore_due: { title: 'Para hoy: {chore_name}', body: '{chore_name} vence hoy.' },
      chore_overdue: {
        title: 'Atrasada: {chore_name}',
        body: '{chore_name} vencía el {due_date}.',
      },
      chore_assigned: {
        title: 'Nueva tarea para ti',
        body: '{actor_name} te ha asignado {count} tareas en {group_name}, empezando por {chore_name}.',
        bodyOne: '{actor_name} te ha asignado {chore_name} en {group_name} (vence el {due_date}).',
      },
      list_changes: {
        title: '{list_name} ha cambiado',
        body: '{actor_name} ha cambiado {count} artículos: {item_names}.',
        bodyOne: '{actor_name} ha cambiado un artículo: {item_names}.',
      },
      expense_added: {
        title: 'Nuevo gasto en {group_name}',
        body: '{actor_name} ha añadido {expense_description} ({amount}), pagado por {payer_name}.',
      },
      settlement_received: {
        title: 'Pago recibido',
        body: '{payer_name} te ha pagado {amount} en {group_name}.',
      },
      invitation: {
        title: 'Invitación a {group_name}',
        body: '{actor_name} te ha invitado a unirte a {group_name}.',
      },
      sign_in_attempts: {
        title: 'Intentos de inicio de sesión en tu cuenta',
        body: 'Alguien ha intentado {count} veces iniciar sesión en tu cuenta con una contraseña incorrecta. Tu contraseña la sigue protegiendo.',
      },
      bill_amount_needed: {
        title: 'Falta el importe: {expense_description}',
        body: 'La factura {expense_description} del {due_date} espera su importe. No cuenta en ningún saldo hasta que lo introduzcas.',
      },
      chore_swap_requested: {
        title: '¿Puedes hacer {chore_name}?',
        body: '{actor_name} te pide que hagas «{chore_name}» en su lugar el {due_date}.',
      },
      chore_swap_answered: {
        title: 'Cambio: {chore_name}',
        body: '{actor_name} hará «{chore_name}» en tu lugar el {due_date}.',
        bodyDeclined: '{actor_name} no puede hacer «{chore_name}» en tu lugar el {due_date}.',
      },
      channel_test: {
        title: 'Notificación de prueba',
        body: 'Las notificaciones te llegan aquí. No hay nada más que hacer.',
      },
    },
    someone: 'Alguien',
    open: 'Abrir',
    digestSubject: 'Tu hogar hoy: {count} novedades',
    digestIntro: 'Esto es lo que ha pasado desde tu último resumen:',
    footer:
      'Recibes este correo porque las notificaciones por correo están activadas en los ajustes de tu cuenta.',
    unsubscribe: 'Dejar de recibir estos correos',
  },
};
