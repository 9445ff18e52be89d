export { CallCard, type CallCardProps, CallCardStack, type CallCardStackProps, type CallCardState } from './call-card';
