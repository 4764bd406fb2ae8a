"use server";

import { headers } from "next/headers";
import { adminAction, publicAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { clientIp } from "@/server/http";
import {
  weatherAcceptInput,
  weatherAnotherInput,
  weatherDayInput,
  weatherLiftInput,
} from "./weather-schemas";
import { acceptWeatherOffer, askAnotherWeatherTime } from "./server/weather-answers";
import { liftWeatherDay, markWeatherDay } from "./server/weather-days";
import { previewWeatherDay } from "./server/weather-views";

// Weather days (ADR 0036): the admin's preview and mark (admin only; the use cases check it again), and
// the customer's answers through the signed link (anyone holding it: no sign-in, like the site check).

export const previewWeatherDayAction = adminAction(weatherDayInput, async (input, user) =>
  previewWeatherDay(await getDb(), await requestActor(user.id), input),
);

export const markWeatherDayAction = adminAction(weatherDayInput, async (input, user) =>
  markWeatherDay(await getDb(), await requestActor(user.id), input),
);

export const liftWeatherDayAction = adminAction(weatherLiftInput, async (input, user) =>
  liftWeatherDay(await getDb(), await requestActor(user.id), input),
);

export const acceptWeatherOfferAction = publicAction(weatherAcceptInput, async (input) =>
  acceptWeatherOffer(await getDb(), input, { ip: clientIp(await headers()) }),
);

export const askAnotherWeatherTimeAction = publicAction(weatherAnotherInput, async (input) =>
  askAnotherWeatherTime(await getDb(), input, { ip: clientIp(await headers()) }),
);
