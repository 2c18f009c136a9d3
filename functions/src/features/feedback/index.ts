// What other features may use of the feedback inbox: its routes (the visitor forms will post through it).
export { feedbackRoutes } from './routes.ts';
export { createFeedback } from './feedback.data.ts';
